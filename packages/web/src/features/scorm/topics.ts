import type { PlanWithTopics } from '@oqu/contracts';

/** Topic options grouped by plan, for one Select: a package belongs to a topic, the plan only helps to find it. */
export function topicGroups(plans: readonly PlanWithTopics[] | undefined) {
  return (plans ?? [])
    .filter((plan) => plan.Topics.length > 0)
    .map((plan) => ({
      label: plan.Name || plan.Plan,
      title: plan.Name || plan.Plan,
      options: plan.Topics.map((topic) => ({ value: topic.ID, label: topic.Name || topic.Topic })),
    }));
}

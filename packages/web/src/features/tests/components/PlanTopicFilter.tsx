import type { PlanWithTopics } from '@oqu/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlansAndTopics } from '../../catalogue/pickers';

/** Plan options for a Select, named as the plan list names them. */
export function planOptions(plans: readonly PlanWithTopics[] | undefined) {
  return (plans ?? []).map((plan) => ({ value: plan.ID, label: plan.Name || plan.Plan }));
}

/** Topic options of one plan; none until a plan is chosen. */
export function topicOptions(plans: readonly PlanWithTopics[] | undefined, planId: number | undefined) {
  const plan = planId === undefined ? undefined : plans?.find((p) => p.ID === planId);
  return (plan?.Topics ?? []).map((topic) => ({ value: topic.ID, label: topic.Name || topic.Topic }));
}

interface PlanTopicFilterProps {
  plan?: number;
  topic?: number;
  onPlan: (plan: number | null) => void;
  onTopic: (topic: number | null) => void;
}

/** The plan → topic filter of a list: the topic's options are those of the chosen plan. */
export function PlanTopicFilter({ plan, topic, onPlan, onTopic }: PlanTopicFilterProps) {
  const { t } = useTranslation('tests');
  const catalogue = usePlansAndTopics();
  const plans = planOptions(catalogue.data);
  const topics = topicOptions(catalogue.data, plan);
  return (
    <>
      <Select<number>
        aria-label={t('filters.plan')}
        placeholder={t('filters.allPlans')}
        style={{ width: 240 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={catalogue.isPending}
        value={plan}
        onChange={(value) => onPlan(value ?? null)}
        options={plans}
        notFoundContent={catalogue.isError ? t('errors.load') : undefined}
      />
      <Select<number>
        aria-label={t('filters.topic')}
        placeholder={plan ? t('filters.allTopics') : t('filters.topicNeedsPlan')}
        style={{ width: 240 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        disabled={!plan}
        value={plan ? topic : undefined}
        onChange={(value) => onTopic(value ?? null)}
        options={topics}
      />
    </>
  );
}

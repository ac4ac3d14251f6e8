import type { PlanTopics, UserInfo } from '@oqu/contracts';
import { usePlanTopics, useUserInfo } from './api';
import { type LearnerPlan, primaryPlan } from './plan';

export type LearnerPlanState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'none'; info: UserInfo }
  | { status: 'ready'; info: UserInfo; plan: LearnerPlan; topics: PlanTopics };

/**
 * Both calls of the plan screens as one state: loading, failed (with a retry of whatever failed),
 * no plan assigned, or the plan with its topics.
 */
export function useLearnerPlan(): LearnerPlanState {
  const info = useUserInfo();
  const topics = usePlanTopics();

  if (info.isError || topics.isError) {
    return {
      status: 'error',
      error: info.error ?? topics.error,
      retry: () => {
        if (info.isError) void info.refetch();
        if (topics.isError) void topics.refetch();
      },
    };
  }
  if (!info.data) return { status: 'loading' };
  const plan = primaryPlan(info.data);
  if (!plan) return { status: 'none', info: info.data };
  if (!topics.data) return { status: 'loading' };
  return { status: 'ready', info: info.data, plan, topics: topics.data };
}

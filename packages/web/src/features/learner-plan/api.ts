import { learnerPlanEndpoints, type PlanTopics } from '@oqu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/endpoint';

/**
 * The trainee's own plan (learner-and-instructor.md §7): GET /api/userinfo and
 * GET /api/subject/plantopics. Names (education and topic types) come in the interface language,
 * so the language is part of the cache key.
 */

export const learnerPlanKeys = {
  all: ['learner-plan'] as const,
  userInfo: (language: string) => ['learner-plan', 'userinfo', language] as const,
  planTopics: (language: string) => ['learner-plan', 'plantopics', language] as const,
};

export const fetchUserInfo = () => call(learnerPlanEndpoints.userInfo).then((r) => r.data);

export const fetchPlanTopics = () =>
  call(learnerPlanEndpoints.planTopics).then(
    (r): PlanTopics => ({ ...r, data: r.data ?? [], statistic: r.statistic ?? [], exam: r.exam ?? { PassMarks: null } }),
  );

/** The trainee: Plans (the first is used), Position, Department, Fullname. */
export function useUserInfo() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: learnerPlanKeys.userInfo(i18n.language), queryFn: fetchUserInfo, placeholderData: keepPreviousData });
}

/** Topics of the trainee's plan with their tests, progress per topic type, and the exam. */
export function usePlanTopics() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: learnerPlanKeys.planTopics(i18n.language), queryFn: fetchPlanTopics, placeholderData: keepPreviousData });
}

import { visitLogEndpoints } from '@oqu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isRecordId } from '../../lib/api';
import { call } from '../../lib/endpoint';

/** Calls of the visit log (admin-back-office.md §2 Statistics and visit log, §3). */

export interface VisitLogQuery {
  page: number;
  search?: string;
}

const visitLogKeys = {
  plans: (query: VisitLogQuery) => ['visit-log', 'plans', query] as const,
  topic: (id: number, query: VisitLogQuery) => ['visit-log', 'topic', id, query] as const,
  trainee: (id: number, topic: number) => ['visit-log', 'trainee', id, topic] as const,
};

export function usePlanAttendance(query: VisitLogQuery) {
  return useQuery({
    queryKey: visitLogKeys.plans(query),
    queryFn: () => call(visitLogEndpoints.plans, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTopicAttendance(id: number, query: VisitLogQuery) {
  return useQuery({
    queryKey: visitLogKeys.topic(id, query),
    queryFn: () => call(visitLogEndpoints.topic, { query: { id, ...query } }),
    placeholderData: keepPreviousData,
    enabled: isRecordId(id),
  });
}

/** One trainee's tests of one topic. */
export function useTraineeTests(id: number, topic: number) {
  return useQuery({
    queryKey: visitLogKeys.trainee(id, topic),
    queryFn: () => call(visitLogEndpoints.trainee, { query: { id, topic } }),
    enabled: isRecordId(id) && isRecordId(topic),
  });
}

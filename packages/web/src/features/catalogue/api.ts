import {
  type Certificate,
  certificateEndpoints,
  type EndpointBody,
  type EndpointResponse,
  planEndpoints,
  topicEndpoints,
} from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRecordId } from '../../lib/api';
import { call } from '../../lib/endpoint';
import { type OnProgress, upload } from '../../lib/upload';
import { usersKeys } from '../users/api';
import { pickerKeys } from './pickers';

/** Calls of admin-back-office.md §7 "Plans and topics" and "Certificates", typed with the contracts. */

export interface PlansQuery {
  page: number;
  search?: string;
}

export interface TopicsQuery {
  page: number;
  search?: string;
  plan?: number;
  type?: number;
}

export interface CertificatesQuery {
  page: number;
  search?: string;
}

/** POST /api/subject/newplan and PUT /api/subject/updateplan/{id}. */
export type PlanBody = EndpointBody<typeof planEndpoints.create>;

/** POST /api/subject/newtopic and PUT /api/subject/updatetopic/{id}. */
export type TopicBody = EndpointBody<typeof topicEndpoints.create>;

/** POST /api/cer/new and PUT /api/cer/updatecer/{id}; Path is what POST /uploadF answered. */
export type CertificateBody = EndpointBody<typeof certificateEndpoints.create>;

/** POST /uploadF with only a file: a certificate template, before its certificate. */
export type UploadedFile = EndpointResponse<typeof certificateEndpoints.uploadTemplate>;

export const catalogueKeys = {
  plans: ['catalogue', 'plans'] as const,
  planList: (query: PlansQuery) => ['catalogue', 'plans', 'list', query] as const,
  plan: (id: number) => ['catalogue', 'plans', 'one', id] as const,
  topics: ['catalogue', 'topics'] as const,
  topicList: (query: TopicsQuery) => ['catalogue', 'topics', 'list', query] as const,
  topic: (id: number) => ['catalogue', 'topics', 'one', id] as const,
  certificates: ['catalogue', 'certificates'] as const,
  certificateList: (query: CertificatesQuery) => ['catalogue', 'certificates', 'list', query] as const,
  certificateOptions: ['catalogue', 'certificates', 'options'] as const,
  certificate: (id: number) => ['catalogue', 'certificates', 'one', id] as const,
};

// ---- calls ----

export const fetchPlans = (query: PlansQuery) => call(planEndpoints.list, { query: { ...query } });
export const fetchPlan = (id: number) => call(planEndpoints.get, { params: { id } });
export const createPlan = (body: PlanBody) => call(planEndpoints.create, { body });
export const updatePlan = (id: number, body: PlanBody) => call(planEndpoints.update, { params: { id }, body });
export const deletePlan = (id: number) => call(planEndpoints.remove, { params: { id } });

export const fetchTopics = (query: TopicsQuery) => call(topicEndpoints.list, { query: { ...query } });
export const fetchTopic = (id: number) => call(topicEndpoints.get, { params: { id } });
export const createTopic = (body: TopicBody) => call(topicEndpoints.create, { body });
export const updateTopic = (id: number, body: TopicBody) => call(topicEndpoints.update, { params: { id }, body });
export const deleteTopic = (id: number) => call(topicEndpoints.remove, { params: { id } });

export const fetchCertificates = (query: CertificatesQuery) => call(certificateEndpoints.list, { query: { ...query } });
export const fetchCertificate = (id: number) => call(certificateEndpoints.get, { params: { id } });
export const createCertificate = (body: CertificateBody) => call(certificateEndpoints.create, { body });
export const updateCertificate = (id: number, body: CertificateBody) => call(certificateEndpoints.update, { params: { id }, body });
export const deleteCertificate = (id: number) => call(certificateEndpoints.remove, { params: { id } });

/** Every certificate, page after page (the plan form's picker; certificates are few). */
export async function fetchAllCertificates(): Promise<Certificate[]> {
  const first = await fetchCertificates({ page: 1 });
  const all = [...first.data];
  for (let page = 2; page <= first.pages; page += 1) all.push(...(await fetchCertificates({ page })).data);
  return all;
}

export const uploadFile = (file: File, onProgress?: OnProgress) => upload(certificateEndpoints.uploadTemplate, { file, onProgress });

// ---- hooks ----

export function usePlans(query: PlansQuery) {
  return useQuery({ queryKey: catalogueKeys.planList(query), queryFn: () => fetchPlans(query), placeholderData: keepPreviousData });
}

export function usePlan(id: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.plan(id ?? 0),
    queryFn: () => fetchPlan(id as number).then((r) => r.data),
    enabled: isRecordId(id),
  });
}

export function useTopics(query: TopicsQuery) {
  return useQuery({ queryKey: catalogueKeys.topicList(query), queryFn: () => fetchTopics(query), placeholderData: keepPreviousData });
}

export function useTopic(id: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.topic(id ?? 0),
    queryFn: () => fetchTopic(id as number).then((r) => r.data),
    enabled: isRecordId(id),
  });
}

export function useCertificates(query: CertificatesQuery) {
  return useQuery({
    queryKey: catalogueKeys.certificateList(query),
    queryFn: () => fetchCertificates(query),
    placeholderData: keepPreviousData,
  });
}

export function useCertificateOptions() {
  return useQuery({ queryKey: catalogueKeys.certificateOptions, queryFn: fetchAllCertificates });
}

export function useCertificate(id: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.certificate(id ?? 0),
    queryFn: () => fetchCertificate(id as number).then((r) => r.data),
    enabled: isRecordId(id),
  });
}

/**
 * What a change makes stale. Plans show topic counts, hours, certificates and trainee counts;
 * pickers list plans and topics; people show their plan.
 */
function useInvalidate() {
  const client = useQueryClient();
  return {
    plans: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: catalogueKeys.plans }),
        client.invalidateQueries({ queryKey: catalogueKeys.topics }),
        client.invalidateQueries({ queryKey: pickerKeys.plansAndTopics }),
        client.invalidateQueries({ queryKey: usersKeys.all }),
      ]),
    topics: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: catalogueKeys.topics }),
        client.invalidateQueries({ queryKey: catalogueKeys.plans }),
        client.invalidateQueries({ queryKey: pickerKeys.plansAndTopics }),
      ]),
    certificates: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: catalogueKeys.certificates }),
        client.invalidateQueries({ queryKey: catalogueKeys.plans }),
      ]),
  };
}

export function useSavePlan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlanBody }) => (id ? updatePlan(id, body) : createPlan(body)),
    onSuccess: invalidate.plans,
  });
}

export function useDeletePlan() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePlan, onSuccess: invalidate.plans });
}

export function useSaveTopic() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TopicBody }) => (id ? updateTopic(id, body) : createTopic(body)),
    onSuccess: invalidate.topics,
  });
}

export function useDeleteTopic() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteTopic, onSuccess: invalidate.topics });
}

export function useSaveCertificate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CertificateBody }) => (id ? updateCertificate(id, body) : createCertificate(body)),
    onSuccess: invalidate.certificates,
  });
}

export function useDeleteCertificate() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteCertificate, onSuccess: invalidate.certificates });
}

import {
  type EndpointBody,
  type LearnerScormPackage,
  type ScormPackage,
  type ScormProgress,
  scormEndpoints,
  systemEndpoints,
} from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isRecordId, type Paged } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';
import { call } from '../../lib/endpoint';
import { sharedKeys } from '../../lib/queryKeys';
import { type OnProgress, upload } from '../../lib/upload';
import { filenameFromDisposition } from '../tests/files';

/**
 * SCORM packages (admin-back-office.md §7 "Certificates and SCORM"; learner-and-instructor.md §7
 * /api/scorm/get): the administrator's list and form, the trainee's own packages and their launch.
 */

export interface ScormsQuery {
  page: number;
  topic?: number;
}

export type ScormBody = EndpointBody<typeof scormEndpoints.create>;

export const scormKeys = {
  all: ['scorm'] as const,
  list: (query: ScormsQuery) => ['scorm', 'list', query] as const,
  one: (id: number) => ['scorm', 'one', id] as const,
  ofTopic: (topic: number) => ['scorm', 'topic', topic] as const,
  own: ['scorm', 'own'] as const,
  limit: ['settings', 'scorm-max-bytes'] as const,
};

/** The spec's fixed limit, used until the server has said its own (SCORM_MAX_BYTES). */
export const DEFAULT_SCORM_MAX_BYTES = 10_000_000;

// ---- calls ----

export const fetchScorms = (query: ScormsQuery) => call(scormEndpoints.list, { query: { ...query } }) as Promise<Paged<ScormPackage>>;

export async function fetchScorm(id: number): Promise<ScormPackage> {
  const answer = await call(scormEndpoints.list, { query: { id } });
  const found = answer.data.find((row) => row.ID === id);
  if (!found) throw new Error('not found');
  return found as ScormPackage;
}

/** The trainee's own packages: those of their plan's topics, with their progress. */
export const fetchOwnScorms = () => call(scormEndpoints.list).then((answer) => answer.data as LearnerScormPackage[]);

export const createScorm = (body: ScormBody) => call(scormEndpoints.create, { body });
export const updateScorm = (id: number, body: Partial<ScormBody>) => call(scormEndpoints.update, { params: { id }, body });
export const deleteScorm = (id: number) => call(scormEndpoints.remove, { params: { id } });
export const launchScorm = (id: number) => call(scormEndpoints.launch, { params: { id } }).then((answer) => answer.data);
export type ScormLaunch = Awaited<ReturnType<typeof launchScorm>>;

/** The package's zip to POST /uploadF, its `ScormID` before the file. */
export const uploadScormZip = (id: number, file: File, onProgress?: OnProgress, signal?: AbortSignal) =>
  upload(scormEndpoints.upload, { form: { ScormID: id }, file, onProgress, signal });

/** Saves the package's zip as uploaded (the themes page's export). */
export function downloadScorm(scorm: Pick<ScormPackage, 'ID' | 'Name'>): Promise<string> {
  const path = `/api/scorm/download/id:${scorm.ID}`;
  const fallback = `${scorm.Name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'scorm'}.zip`;
  return downloadWithToken(path, (response) => filenameFromDisposition(response.headers.get('content-disposition'), fallback));
}

/**
 * A new package: its record (POST /api/scorm/new → scorm.ID), then its zip (POST /uploadF with
 * ScormID). A refused zip leaves the record without a file: it is removed again, so that a second
 * try does not leave two.
 */
export async function createWithZip(body: ScormBody, file: File, onProgress?: OnProgress): Promise<ScormPackage> {
  const created = await createScorm(body);
  const id = created.scorm.ID;
  try {
    return (await uploadScormZip(id, file, onProgress)).data;
  } catch (failure) {
    await deleteScorm(id).catch(() => undefined);
    throw failure;
  }
}

// ---- hooks ----

export function useScorms(query: ScormsQuery) {
  return useQuery({ queryKey: scormKeys.list(query), queryFn: () => fetchScorms(query), placeholderData: keepPreviousData });
}

export function useScorm(id: number | undefined) {
  return useQuery({ queryKey: scormKeys.one(id ?? 0), queryFn: () => fetchScorm(id as number), enabled: isRecordId(id) });
}

/** The packages of one topic (the themes page's export), asked only when wanted. */
export function fetchTopicScorms(topic: number) {
  return fetchScorms({ page: 1, topic }).then((answer) => answer.data);
}

export function useOwnScorms() {
  return useQuery({ queryKey: scormKeys.own, queryFn: fetchOwnScorms });
}

/** The largest zip the server takes (GET /api/settings → ScormMaxBytes). */
export function useScormMaxBytes() {
  const settings = useQuery({
    queryKey: scormKeys.limit,
    queryFn: () => call(systemEndpoints.settings).then((answer) => answer.data.ScormMaxBytes),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return settings.data ?? DEFAULT_SCORM_MAX_BYTES;
}

/** After a change: the lists, the package, and the trainee's packages and plan. */
export function useInvalidateScorms() {
  const client = useQueryClient();
  // one function per query client, so that effects depending on it run once
  return useCallback(
    () =>
      Promise.all([client.invalidateQueries({ queryKey: scormKeys.all }), client.invalidateQueries({ queryKey: sharedKeys.learnerPlan })]),
    [client],
  );
}

export function useCreateScorm() {
  const invalidate = useInvalidateScorms();
  return useMutation({
    mutationFn: ({ body, file, onProgress }: { body: ScormBody; file: File; onProgress?: OnProgress }) =>
      createWithZip(body, file, onProgress),
    onSuccess: invalidate,
  });
}

export function useUpdateScorm() {
  const invalidate = useInvalidateScorms();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      file,
      onProgress,
    }: {
      id: number;
      body: Partial<ScormBody>;
      file?: File | null;
      onProgress?: OnProgress;
    }) => {
      const answer = await updateScorm(id, body);
      if (file) await uploadScormZip(id, file, onProgress);
      return answer;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteScorm() {
  const invalidate = useInvalidateScorms();
  return useMutation({ mutationFn: deleteScorm, onSuccess: invalidate });
}

export type { LearnerScormPackage, ScormPackage, ScormProgress };

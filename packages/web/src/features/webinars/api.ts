import type { ChatMessage, ChatPage, Problem, Webinar, WebinarDetails, WebinarDocument, WebinarRequest, WebinarTest } from '@oqu/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Created, type Envelope, isRecordId, type Paged } from '../../lib/api';
import { listQuery } from '../../lib/listParams';
import { type OnProgress, postMultipart } from '../../lib/upload';

/**
 * Calls of learner-and-instructor.md §7 (web/*, chat/*, problem/*, test/webinar, uploadF, delete/docs)
 * and admin-back-office.md §7 Webinars. Live rooms also listen to GET /api/web/events/{id}
 * (`useWebinarEvents`), which keeps these queries fresh without polling.
 */

export interface WebinarsQuery {
  page: number;
  search?: string;
  plan?: number;
  teacher?: number;
}

export const webinarsKeys = {
  all: ['webinars'] as const,
  list: (query: WebinarsQuery) => ['webinars', 'list', query] as const,
  teacher: ['webinars', 'teacher'] as const,
  learner: ['webinars', 'learner'] as const,
  one: (id: number) => ['webinars', 'one', id] as const,
  allTests: ['webinars', 'tests'] as const,
  tests: (id: number) => ['webinars', 'tests', id] as const,
  chat: (id: number) => ['webinars', 'chat', id] as const,
  problems: (web?: number) => ['webinars', 'problems', web ?? 'all'] as const,
};

// ---- fetchers ----

export const fetchWebinars = (query: WebinarsQuery) =>
  api<Paged<Webinar>>(
    'GET',
    `/api/web/getwebinars?${listQuery({ page: query.page, search: query.search, plan: query.plan, teacher: query.teacher })}`,
  );
export const fetchTeacherWebinars = () => api<Envelope & { data: Webinar[] }>('GET', '/api/web/teacherweb').then((r) => r.data);
export const fetchLearnerWebinars = () => api<Envelope & { data: Webinar[] }>('GET', '/api/web/getuserweb').then((r) => r.data);
export const fetchWebinar = (id: number) => api<Envelope & { data: WebinarDetails }>('GET', `/api/web/getweb/${id}`).then((r) => r.data);
export const createWebinar = (body: WebinarRequest) => api<Envelope & { web: { ID: number } }>('POST', '/api/web/new', body);
export const updateWebinar = (id: number, body: WebinarRequest) => api<Envelope>('PUT', `/api/web/updateweb/${id}`, body);
export const deleteWebinar = (id: number) => api<Envelope & { archived: boolean }>('DELETE', `/api/web/deleteweb/${id}`);
export const startWebinar = (id: number) => api<Envelope>('POST', '/api/web/startweb', { WebID: id });
export const endWebinar = (id: number) => api<Envelope>('POST', `/api/web/endweb/id:${id}`, {});
export const attendWebinar = (id: number) => api<Envelope>('POST', '/api/web/setattend', { WebID: id });

export const fetchWebinarTests = (id: number) =>
  api<Envelope & { data: WebinarTest[]; exam: WebinarTest | null }>('GET', `/api/test/webinar/id:${id}`);
/** Staff: opens a webinar test for everyone in the room (POST /api/test/starttest). */
export const openWebinarTest = (testId: number) => api<Envelope>('POST', '/api/test/starttest', { TestID: testId });

export const fetchChatPage = (web: number, page: number) => api<ChatPage>('GET', `/api/chat/get?web=${web}&id=${page}`);
export const sendChatMessage = (web: number, message: string) =>
  api<Envelope & { data: ChatMessage }>('POST', '/api/chat/message', { Message: message, WebID: web });

export const fetchProblems = (web?: number) =>
  api<Envelope & { data: Problem[] }>('GET', web ? `/problem/get?web=${web}` : '/problem/get').then((r) => r.data);
export const askQuestion = (web: number, text: string) =>
  api<Envelope & { AnswerID: number; data: { ID: number } }>('POST', '/problem/new', { QuestionText: text, WebID: web });
export const answerProblem = (problemId: number, text: string) =>
  api<Created>('POST', '/problem/answer/new', { AnswerText: text, ProblemID: problemId });
export const markProblemRead = (problemId: number) => api<Envelope>('PUT', `/problem/read/id:${problemId}`, {});

/** The form's text fields go first: the server reads the fields that precede the file. */
function uploadForm(fields: Record<string, string>, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}
export const uploadWebinarDocument = (web: number, file: File, onProgress?: OnProgress) =>
  postMultipart<Envelope & { docs: WebinarDocument[] }>('/uploadF', uploadForm({ WebID: String(web) }, file), onProgress);
export const uploadWebinarPreview = (web: number, file: File, onProgress?: OnProgress) =>
  postMultipart<Envelope & { Preview: { ID: number; Name: string; Path: string } }>(
    '/uploadF',
    uploadForm({ WebID: String(web), Types: 'preview' }, file),
    onProgress,
  );
export const uploadAnswerFile = (answerId: number, file: File, onProgress?: OnProgress) =>
  postMultipart<Envelope>('/uploadF', uploadForm({ AnswerID: String(answerId) }, file), onProgress);
export const deleteDocument = (id: number) => api<Envelope>('DELETE', `/delete/docs/id:${id}`);

// ---- hooks ----

export function useWebinars(query: WebinarsQuery) {
  return useQuery({ queryKey: webinarsKeys.list(query), queryFn: () => fetchWebinars(query), placeholderData: keepPreviousData });
}

export function useTeacherWebinars() {
  return useQuery({ queryKey: webinarsKeys.teacher, queryFn: fetchTeacherWebinars });
}

export function useLearnerWebinars() {
  return useQuery({ queryKey: webinarsKeys.learner, queryFn: fetchLearnerWebinars });
}

/** One webinar; `refetchInterval` is for screens without the event stream (the spec's 5-second polling). */
export function useWebinar(id: number | undefined, refetchInterval?: number) {
  return useQuery({
    queryKey: webinarsKeys.one(id ?? 0),
    queryFn: () => fetchWebinar(id as number),
    enabled: isRecordId(id),
    refetchInterval,
  });
}

export function useWebinarTests(id: number | undefined) {
  return useQuery({ queryKey: webinarsKeys.tests(id ?? 0), queryFn: () => fetchWebinarTests(id as number), enabled: isRecordId(id) });
}

/** The chat, page 1 (newest) first; `fetchNextPage` loads the next older page. */
export function useChat(id: number | undefined) {
  return useInfiniteQuery({
    queryKey: webinarsKeys.chat(id ?? 0),
    queryFn: ({ pageParam }) => fetchChatPage(id as number, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.pages ? all.length + 1 : undefined),
    enabled: isRecordId(id),
  });
}

export function useProblems(web?: number) {
  return useQuery({ queryKey: webinarsKeys.problems(web), queryFn: () => fetchProblems(web) });
}

/** Anything that changes webinars refreshes every webinar query. */
export function useWebinarMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: webinarsKeys.all }) });
}

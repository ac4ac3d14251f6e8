import { attemptEndpoints, chatEndpoints, problemEndpoints, type WebinarRequest, webinarEndpoints } from '@oqu/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRecordId } from '../../lib/api';
import { call } from '../../lib/endpoint';
import { sharedKeys } from '../../lib/queryKeys';
import { type OnProgress, upload } from '../../lib/upload';

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
  allTests: sharedKeys.webinarTests,
  tests: (id: number) => [...sharedKeys.webinarTests, id] as const,
  chat: (id: number) => ['webinars', 'chat', id] as const,
  problems: (web?: number) => ['webinars', 'problems', web ?? 'all'] as const,
};

// ---- fetchers ----

export const fetchWebinars = (query: WebinarsQuery) => call(webinarEndpoints.list, { query });
export const fetchTeacherWebinars = () => call(webinarEndpoints.teacherList).then((r) => r.data);
export const fetchLearnerWebinars = () => call(webinarEndpoints.traineeList).then((r) => r.data);
export const fetchWebinar = (id: number) => call(webinarEndpoints.get, { params: { id } }).then((r) => r.data);
export const createWebinar = (body: WebinarRequest) => call(webinarEndpoints.create, { body });
export const updateWebinar = (id: number, body: WebinarRequest) => call(webinarEndpoints.update, { params: { id }, body });
export const deleteWebinar = (id: number) => call(webinarEndpoints.remove, { params: { id } });
export const startWebinar = (id: number) => call(webinarEndpoints.start, { body: { WebID: id } });
export const endWebinar = (id: number) => call(webinarEndpoints.end, { params: { id } });
export const attendWebinar = (id: number) => call(webinarEndpoints.attend, { body: { WebID: id } });

export const fetchWebinarTests = (id: number) => call(webinarEndpoints.tests, { params: { id } });
/** Staff: opens a webinar test for everyone in the room (POST /api/test/starttest). */
export const openWebinarTest = (testId: number) => call(attemptEndpoints.start, { body: { TestID: testId } });

export const fetchChatPage = (web: number, page: number) => call(chatEndpoints.list, { query: { web, id: page } });
export const sendChatMessage = (web: number, message: string) => call(chatEndpoints.send, { body: { Message: message, WebID: web } });

export const fetchProblems = (web?: number) => call(problemEndpoints.list, { query: { web } }).then((r) => r.data);
export const askQuestion = (web: number, text: string) => call(problemEndpoints.create, { body: { QuestionText: text, WebID: web } });
export const answerProblem = (problemId: number, text: string) =>
  call(problemEndpoints.answer, { body: { AnswerText: text, ProblemID: problemId } });
export const markProblemRead = (problemId: number) => call(problemEndpoints.markRead, { params: { id: problemId } });

export const uploadWebinarDocument = (web: number, file: File, onProgress?: OnProgress) =>
  upload(webinarEndpoints.uploadDocument, { form: { WebID: web }, file, onProgress });
export const uploadWebinarPreview = (web: number, file: File, onProgress?: OnProgress) =>
  upload(webinarEndpoints.uploadPreview, { form: { WebID: web, Types: 'preview' }, file, onProgress });
export const uploadAnswerFile = (answerId: number, file: File, onProgress?: OnProgress) =>
  upload(problemEndpoints.uploadAnswerFile, { form: { AnswerID: answerId }, file, onProgress });
export const deleteDocument = (id: number) => call(webinarEndpoints.removeDocument, { params: { id } });

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

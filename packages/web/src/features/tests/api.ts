import {
  type EndpointResponse,
  QUESTION_IMPORT_TEMPLATE_NAME,
  type QuestionRequest,
  questionEndpoints,
  type Test,
  type TestRequest,
  testEndpoints,
} from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRecordId } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';
import { call } from '../../lib/endpoint';
import { type OnProgress, upload } from '../../lib/upload';
import { filenameFromDisposition } from './files';
import { type QuestionsQuery, questionsListQuery, type TestsQuery, testsListQuery } from './paths';

/** Calls of admin-back-office.md §7 "Tests, questions", typed with the contracts (packages/contracts/src/tests.ts). */

export type QuestionImage = EndpointResponse<typeof questionEndpoints.uploadImage>['data'];

export const IMPORT_TEMPLATE_PATH = '/api/question/import-template';
export const IMPORT_TEMPLATE_NAME = QUESTION_IMPORT_TEMPLATE_NAME;

export const testsKeys = {
  all: ['tests'] as const,
  list: (query: TestsQuery) => ['tests', 'list', query] as const,
  one: (id: number) => ['tests', 'one', id] as const,
};

export const questionsKeys = {
  all: ['questions'] as const,
  list: (query: QuestionsQuery) => ['questions', 'list', query] as const,
  one: (id: number) => ['questions', 'one', id] as const,
};

// ---- calls ----

export const fetchTests = (query: TestsQuery) => call(testEndpoints.list, { query: testsListQuery(query) });
// staff read the admin shape of a test (a trainee's is their status in it)
export const fetchTest = (id: number) => call(testEndpoints.get, { params: { id } }).then((r) => r.data as Test);
export const createTest = (body: TestRequest) => call(testEndpoints.create, { body });
export const updateTest = (id: number, body: TestRequest) => call(testEndpoints.update, { params: { id }, body });
export const deleteTest = (id: number) => call(testEndpoints.remove, { params: { id } });

export const fetchQuestions = (query: QuestionsQuery) => call(questionEndpoints.list, { query: questionsListQuery(query) });
export const fetchQuestion = (id: number) => call(questionEndpoints.get, { params: { id } }).then((r) => r.data);
export const createQuestion = (body: QuestionRequest) => call(questionEndpoints.create, { body });
/** The answer's ID differs from `id` when a question with answers moved to another test (a copy was made). */
export const updateQuestion = (id: number, body: QuestionRequest) => call(questionEndpoints.update, { params: { id }, body });
export const deleteQuestion = (id: number) => call(questionEndpoints.remove, { params: { id } });

/** POST /uploadI {QuestionID, file}: the question's photo (it replaces an earlier one). */
export const uploadQuestionImage = (questionId: number, file: File, onProgress?: OnProgress) =>
  upload(questionEndpoints.uploadImage, { form: { QuestionID: questionId }, file, onProgress });

/** POST /api/question/import {TestID, file}: every row added (200) or none (422 with the per-row report). */
export const importQuestions = (testId: number, file: File, onProgress?: OnProgress, signal?: AbortSignal) =>
  upload(questionEndpoints.import, { form: { TestID: testId }, file, onProgress, signal });

export const downloadImportTemplate = () =>
  downloadWithToken(IMPORT_TEMPLATE_PATH, (response) =>
    filenameFromDisposition(response.headers.get('content-disposition'), IMPORT_TEMPLATE_NAME),
  );

// ---- hooks ----

export function useTests(query: TestsQuery) {
  return useQuery({ queryKey: testsKeys.list(query), queryFn: () => fetchTests(query), placeholderData: keepPreviousData });
}

export function useTest(id: number | undefined) {
  return useQuery({ queryKey: testsKeys.one(id ?? 0), queryFn: () => fetchTest(id as number), enabled: isRecordId(id) });
}

export function useQuestions(query: QuestionsQuery) {
  return useQuery({
    queryKey: questionsKeys.list(query),
    queryFn: () => fetchQuestions(query),
    placeholderData: keepPreviousData,
  });
}

export function useQuestion(id: number | undefined) {
  return useQuery({ queryKey: questionsKeys.one(id ?? 0), queryFn: () => fetchQuestion(id as number), enabled: isRecordId(id) });
}

/** Tests show their question counts and questions their test's name: a change to one refreshes both. */
export function useInvalidateCatalogue() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: testsKeys.all }), client.invalidateQueries({ queryKey: questionsKeys.all })]);
}

export function useSaveTest() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: TestRequest }) => {
      if (id === undefined) return (await createTest(body)).data.ID;
      await updateTest(id, body);
      return id;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteTest() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: deleteTest, onSuccess: invalidate });
}

export function useDeleteQuestion() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: deleteQuestion, onSuccess: invalidate });
}

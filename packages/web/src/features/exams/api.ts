import { type EndpointResponse, type Exam, type ExamRequest, type ExamVoteValue, examEndpoints } from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRecordId } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';
import { call, endpointUrl } from '../../lib/endpoint';
import { fetchTests, testsKeys } from '../tests/api';
import { filenameFromDisposition } from '../tests/files';
import { type VoteChange, withVotes } from './votes';

/**
 * Calls of admin-back-office.md §7 Exams and Results and signing (exam/*, /table/get,
 * /api/examenatorcheck, report card and signatures). Live screens also listen to
 * GET /api/exam/events/{id}, which keeps `examsKeys.table` fresh without polling.
 */

export interface ExamsQuery {
  page: number;
  search?: string;
}

export const examsKeys = {
  all: ['exams'] as const,
  list: (query: ExamsQuery) => ['exams', 'list', query] as const,
  /** a trainee's, a region account's or an examiner's own exams (no paging) */
  mine: ['exams', 'mine'] as const,
  one: (id: number) => ['exams', 'one', id] as const,
  table: (id: number) => ['exams', 'table', id] as const,
  signatures: (id: number) => ['exams', 'signatures', id] as const,
  examiners: ['exams', 'examiners'] as const,
};

export type ExamTable = EndpointResponse<typeof examEndpoints.table>;

const asList = (data: Exam | Exam[]): Exam[] => (Array.isArray(data) ? data : [data]);

// ---- fetchers ----

export const fetchExamsPage = (query: ExamsQuery) =>
  call(examEndpoints.list, { query }).then((r) => ({ ...r, data: asList(r.data), pages: r.pages ?? 1, total: r.total ?? 0 }));
export const fetchMyExams = () => call(examEndpoints.list, { query: {} }).then((r) => asList(r.data));
export const fetchExam = (id: number) =>
  call(examEndpoints.list, { query: { id } }).then((r) => (Array.isArray(r.data) ? r.data[0] : r.data) as Exam);
export const createExam = (body: ExamRequest) => call(examEndpoints.create, { body });
export const updateExam = (id: number, body: ExamRequest) => call(examEndpoints.update, { params: { id }, body });
export const deleteExam = (id: number) => call(examEndpoints.remove, { params: { id } });
export const completeExam = (id: number) => call(examEndpoints.complete, { params: { id } });
export const fetchExamTable = (id: number) => call(examEndpoints.table, { query: { id } });
export const sendVotes = (votes: { UserID: number; ExamID: number; Vote: ExamVoteValue }[]) =>
  call(examEndpoints.vote, { body: { Data: votes } });
export const fetchSignatures = (id: number) => call(examEndpoints.signatures, { params: { id } }).then((r) => r.data);
export const signReportCard = (id: number, signature: string) =>
  call(examEndpoints.sign, { params: { id }, body: { Signature: signature } });
export const reportCardUrl = (id: number) => endpointUrl(examEndpoints.reportCard, { params: { id } });
export const markedCopyUrl = (id: number) => endpointUrl(examEndpoints.markedCopy, { params: { id } });
export const signedPackageUrl = (id: number) => endpointUrl(examEndpoints.signedPackage, { params: { id } });
export const checkSigner = (certificateBase64: string) =>
  call(examEndpoints.signerCheck, { body: { Certificate: certificateBase64 } }).then((r) => r.data);

// ---- hooks ----

export const useExamsPage = (query: ExamsQuery) =>
  useQuery({ queryKey: examsKeys.list(query), queryFn: () => fetchExamsPage(query), placeholderData: keepPreviousData });
export const useMyExams = () => useQuery({ queryKey: examsKeys.mine, queryFn: fetchMyExams });
export const useExam = (id: number | undefined) =>
  useQuery({ queryKey: examsKeys.one(id ?? 0), queryFn: () => fetchExam(id ?? 0), enabled: isRecordId(id) });
export const useExamTable = (id: number | undefined) =>
  useQuery({ queryKey: examsKeys.table(id ?? 0), queryFn: () => fetchExamTable(id ?? 0), enabled: isRecordId(id) });
export const useSignatures = (id: number | undefined) =>
  useQuery({ queryKey: examsKeys.signatures(id ?? 0), queryFn: () => fetchSignatures(id ?? 0), enabled: isRecordId(id) });
export const useExaminerOptions = () =>
  useQuery({ queryKey: examsKeys.examiners, queryFn: () => call(examEndpoints.examiners).then((r) => r.data) });

/** Every exam list and table reads again after a change. */
export function useExamMutation<A, R>(run: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: examsKeys.all }) });
}

// ---- the exam screens (admin-back-office.md §2 Exam, Report cards and results) ----

/**
 * A plan's test count, the N of the form's "из N тестов": the total of the plan's first page of
 * tests (GET /api/exam/gettests?plan=), shared with the tests list's cache.
 */
export const usePlanTestCount = (planId: number | undefined) =>
  useQuery({
    queryKey: testsKeys.list({ page: 1, plan: planId }),
    queryFn: () => fetchTests({ page: 1, plan: planId }),
    select: (page) => page.total,
    enabled: isRecordId(planId),
  });

export const votesMutationKey = (examId: number) => ['exams', 'votes', examId] as const;

/**
 * Saves the examiner's votes at once (POST /api/examenatorcheck; '' undoes one). The table shows
 * them before the answer and goes back to what it was on a refusal; it is read again afterwards.
 */
export function useSaveVotes(examId: number) {
  const client = useQueryClient();
  const key = examsKeys.table(examId);
  return useMutation({
    mutationKey: votesMutationKey(examId),
    mutationFn: (votes: VoteChange[]) => sendVotes(votes),
    onMutate: async (votes) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ExamTable>(key);
      if (before) client.setQueryData<ExamTable>(key, withVotes(before, votes));
      return { before };
    },
    onError: (_error, _votes, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    // read again once the last of several quick clicks is answered: an earlier answer must not undo the later ones on screen
    onSettled: () =>
      client.isMutating({ mutationKey: votesMutationKey(examId) }) === 1 ? client.invalidateQueries({ queryKey: key }) : undefined,
  });
}

/** Downloads one of the exam's documents (the report card, its marked copy, the signed package) with the bearer token. */
export const downloadExamDocument = (url: string, fallbackName: string) =>
  downloadWithToken(url, (response) => filenameFromDisposition(response.headers.get('content-disposition'), fallbackName));

import { attemptEndpoints, testEndpoints } from '@oqu/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/endpoint';
import { sharedKeys } from '../../lib/queryKeys';
import { learnerPlanKeys } from '../learner-plan/api';
import type { QueuedAnswer } from './answerQueue';
import { standingsRefreshIn } from './run';
import type { AnswerAck, LearnerTestDetails, QuestionsAnswer, UserTest } from './types';

/**
 * The trainee's testing calls (learner-and-instructor.md §7): the tests list, the test details, the
 * start, the questions of a test (which also starts or resumes the attempt), an answer, the result.
 */

export const testingKeys = {
  all: ['testing'] as const,
  lists: ['testing', 'list'] as const,
  list: (language: string) => ['testing', 'list', language] as const,
  run: (testId: number) => ['testing', 'run', testId] as const,
  result: (testId: number) => ['testing', 'result', testId] as const,
  allDetails: ['testing', 'details'] as const,
  details: (testId: number, language: string) => ['testing', 'details', testId, language] as const,
};

/**
 * After an attempt starts, finishes or times out: every screen that shows where the trainee stands
 * reads again — the tests lists, the test details, the webinars' test lists and the plan's progress.
 * Never the run itself: asking for its questions again could start a retake.
 */
export function refreshStandings(client: QueryClient): void {
  for (const queryKey of [testingKeys.lists, testingKeys.allDetails, sharedKeys.webinarTests, learnerPlanKeys.all]) {
    void client.invalidateQueries({ queryKey });
  }
}

export const fetchUserTests = () => call(attemptEndpoints.userTests).then((r) => (r.data ?? []).map(normaliseTest));

/** Older answers may lack the newer fields: missing ones read as "nothing yet". */
function normaliseTest(test: UserTest): UserTest {
  return {
    ...test,
    Name: test.Name || test.Test,
    Test: test.Test || test.Name,
    PassMarks: test.PassMarks ?? test.Passmarks ?? 0,
    Date: test.Date ?? null,
    AttemptID: test.AttemptID ?? null,
    Deadline: test.Deadline ?? null,
    Remaining: test.Remaining ?? null,
    Result: test.Result ?? null,
    Percent: test.Percent ?? null,
    Passed: test.Passed ?? null,
    Analytics: test.Analytics ?? [],
  };
}

/** Resumes the attempt (or starts it, for the old clients' flow) and gives its questions (never their correct answers). */
export const fetchQuestions = (testId: number) =>
  // a trainee is answered the questions' texts only (staff get them with their correct answers)
  call(attemptEndpoints.questions, { params: { id: testId } }).then((r) => {
    const { data, attempt } = r as QuestionsAnswer;
    return { questions: data ?? [], attempt };
  });

export const sendAnswer = (entry: QueuedAnswer): Promise<AnswerAck> =>
  call(attemptEndpoints.answer, {
    body: { QuestionID: entry.questionId, TestID: entry.testId, UserAnswer: entry.answer },
  }).then((r) => r.data);

export const fetchTestResult = (testId: number) => call(attemptEndpoints.result, { query: { test: testId } }).then((r) => r.result ?? null);

/** The trainee's confirmed start (the testing screen's card): starts the attempt, or resumes a running one. */
export const startTest = (testId: number) => call(attemptEndpoints.start, { body: { TestID: testId } }).then((r) => r.data);

/**
 * The tests of the trainee's plan; names come in the interface language. The list reads itself
 * again when a running attempt's time is up or a retake opens, so it never shows a stale standing.
 */
export function useUserTests() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: testingKeys.list(i18n.language),
    queryFn: fetchUserTests,
    staleTime: 0,
    refetchInterval: (query) => standingsRefreshIn(query.state.data, Date.now()),
  });
}

/** The running attempt of a test with its questions. Never cached between visits: the server's clock rules. */
export function useTestRun(testId: number | null) {
  return useQuery({
    queryKey: testingKeys.run(testId ?? 0),
    queryFn: () => fetchQuestions(testId ?? 0),
    enabled: testId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The result of the latest finished attempt, once `enabled`. */
export function useTestResult(testId: number, enabled: boolean) {
  return useQuery({
    queryKey: testingKeys.result(testId),
    queryFn: () => fetchTestResult(testId),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export const fetchTestDetails = (testId: number) =>
  // a trainee is answered the learner's shape of the test (staff get the editor's)
  call(testEndpoints.get, { params: { id: testId } }).then((r) => r.data as LearnerTestDetails);

/**
 * Name, plan, topic, pass marks, duration and the trainee's standing with a test of their plan (§3
 * Test details): read afresh on every visit, and again by itself when a retake's date comes.
 */
export function useTestDetails(testId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: testingKeys.details(testId ?? 0, i18n.language),
    queryFn: () => fetchTestDetails(testId ?? 0),
    enabled: testId !== null,
    staleTime: 0,
    refetchInterval: (query) => standingsRefreshIn(query.state.data && [query.state.data], Date.now()),
  });
}

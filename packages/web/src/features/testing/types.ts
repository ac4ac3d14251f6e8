import type { LearnerQuestion, TestQuestions } from '@oqu/contracts';

/**
 * Shapes of the testing calls as the trainee's screens read them (learner-and-instructor.md §3, §7):
 * GET /api/exam/user/test, GET /api/questions/test:{id}, POST /api/answer/new, GET /api/gettestresult,
 * GET /api/exam/gettest/{id} — the server's own schemas from the contracts.
 */
export {
  ANSWER_LETTERS,
  type AnswerAck,
  type AnsweredQuestion,
  type AnswerLetter,
  type AnswerRequest,
  type AttemptState,
  type LearnerQuestion,
  type LearnerTestDetails,
  TEST_STATUS,
  type TestAnalytics,
  type TestResult,
  type TestStatus,
  type UserTest,
} from '@oqu/contracts';

/** GET /api/questions/test:{id}: a trainee's questions (texts only) and their attempt. */
export type QuestionsAnswer = Omit<TestQuestions, 'data'> & { data: LearnerQuestion[] };

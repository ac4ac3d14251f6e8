import { z } from 'zod';
import { envelope } from './common.js';
import { id } from './input.js';
import { ANSWER_LETTERS, questionImage, test } from './tests.js';

/**
 * The testing engine as a trainee meets it (learner-and-instructor.md §3 Test list item, Test details,
 * Question, Answer submission; §4 test status values; §7): the test list, a test run, answers, results.
 * The server keeps the deadline; every remaining time is counted on the database clock.
 */

/** Test status texts, as the original system sends them (learner-and-instructor.md §4). */
export const TEST_STATUS = {
  Upcoming: 'Ожидается',
  InProgress: 'В процессе',
  Passed: 'Пройден',
  Failed: 'Не пройден',
  Retake: 'Пересдача',
} as const;
export type TestStatus = (typeof TEST_STATUS)[keyof typeof TEST_STATUS];
export const testStatus = z.enum([
  TEST_STATUS.Upcoming,
  TEST_STATUS.InProgress,
  TEST_STATUS.Passed,
  TEST_STATUS.Failed,
  TEST_STATUS.Retake,
]);

const isoMoment = z.string().describe('ISO 8601 with offset');

/** The outcome of a finished attempt (the shape of GET /api/gettestresult, which the spec leaves open). */
export const testResult = z.object({
  TestID: z.number().int(),
  AttemptID: z.number().int(),
  Correct: z.number().int().describe('questions answered right'),
  Questions: z.number().int().describe('questions in the attempt (fixed at its start); unanswered ones count as wrong'),
  Percent: z.number().describe('Correct ÷ Questions × 100, two decimals'),
  Passed: z.boolean().describe('Percent > PassMarks (exactly PassMarks is not passed)'),
  PassMarks: z.number().int().describe('the pass mark the attempt was taken under'),
  Status: z.enum([TEST_STATUS.Passed, TEST_STATUS.Failed]),
  StartedAt: isoMoment,
  FinishedAt: isoMoment,
});
export type TestResult = z.infer<typeof testResult>;

export const answeredQuestion = z.object({ QuestionID: z.number().int(), UserAnswer: z.enum(ANSWER_LETTERS) });
export type AnsweredQuestion = z.infer<typeof answeredQuestion>;

/** A trainee's attempt as it stands: resume at the first question not in `Answered`, count down `Remaining`. */
export const attemptState = z.object({
  ID: z.number().int(),
  TestID: z.number().int(),
  StartedAt: isoMoment,
  Deadline: isoMoment.describe('the server’s deadline: start + Duration (a webinar test: its opening + Duration)'),
  Remaining: z.number().int().min(0).describe('seconds left on the server’s clock'),
  Questions: z.number().int().describe('questions in the attempt'),
  Answered: z.array(answeredQuestion),
  Finished: z.boolean(),
  Result: testResult.nullable().describe('only once the attempt is finished'),
});
export type AttemptState = z.infer<typeof attemptState>;

/** Per topic of the latest finished attempt: the share answered right (shown as wrong/right pairs). */
export const testAnalytics = z.object({
  Number: z.number().int().describe('the topic’s number in the plan'),
  Name: z.string().describe('topic name'),
  Percent: z.number().describe('percent right, two decimals'),
});
export type TestAnalytics = z.infer<typeof testAnalytics>;

/** One test of the trainee's list (GET /api/exam/user/test). */
export const userTest = z.object({
  ID: z.number().int().describe('test id'),
  Test: z.string(),
  Name: z.string(),
  Topic: z.string(),
  TopicID: z.number().int(),
  Description: z.string(),
  Duration: z.number().int().describe('minutes'),
  Passmarks: z.number().int(),
  PassMarks: z.number().int(),
  Questions: z.number().int().describe('questions of the attempt the status speaks of (running, passed, failed); else the live count'),
  Type: z.boolean().describe('a webinar’s test'),
  Date: isoMoment.nullable().describe('the current attempt’s start, or a pending retake’s date, or null'),
  Status: testStatus,
  Available: z.boolean().describe('a start or continue button may be shown now'),
  AttemptID: z.number().int().nullable().describe('the running attempt, else the latest finished one'),
  Deadline: isoMoment.nullable().describe('the running attempt’s deadline'),
  Remaining: z.number().int().nullable().describe('seconds left of the running attempt'),
  Result: z.number().int().nullable().describe('correct answers of the latest finished attempt'),
  Percent: z.number().nullable().describe('percent of the latest finished attempt, two decimals'),
  Passed: z.boolean().nullable(),
  Analytics: z.array(testAnalytics).describe('empty until an attempt is finished'),
});
export type UserTest = z.infer<typeof userTest>;
export const userTestsResponse = envelope({ data: z.array(userTest) });

/** GET /api/exam/gettest/{id} as a trainee reads it (staff read the admin test shape). */
export const learnerTestDetails = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Test: z.string(),
  Description: z.string(),
  Plan: z.object({ Name: z.string() }),
  Topic: z.object({ Name: z.string() }),
  PassMarks: z.number().int(),
  Duration: z.number().int().describe('minutes'),
  Questions: z.number().int(),
  Type: z.boolean().describe('a webinar’s test: its time runs from the opening, for everyone'),
  Status: testStatus,
  Available: z.boolean(),
  Date: isoMoment.nullable().describe('the current attempt’s start, or a pending retake’s date, or null'),
  Remaining: z.number().int().nullable().describe('seconds left of the running attempt'),
  Deadline: isoMoment.nullable(),
});
export type LearnerTestDetails = z.infer<typeof learnerTestDetails>;
/** GET /api/exam/gettest/{id}: staff read the admin test shape, a trainee the test details of their plan. */
export const testDetailsResponse = envelope({
  data: z.union([test, learnerTestDetails]).describe('staff: the admin shape; a trainee: the details with their status'),
});

/** A question as a trainee sees it: texts only, never anything that reveals the correct answer. */
export const learnerQuestion = z.object({
  ID: z.number().int(),
  QuestionText: z.string(),
  Image: questionImage.nullable(),
  VariantA: z.string(),
  VariantB: z.string(),
  VariantC: z.string(),
  VariantD: z.string(),
  VariantE: z.string(),
  VariantF: z.string(),
});
export type LearnerQuestion = z.infer<typeof learnerQuestion>;

/** Staff (admin, teacher, examiner) read the same list with the correct letter. */
export const testQuestion = learnerQuestion.extend({
  CorrectAnswer: z.enum(ANSWER_LETTERS).optional().describe('staff only; never sent to a trainee'),
});
export type TestQuestion = z.infer<typeof testQuestion>;

/** GET /api/questions/test:{id}: the questions in order; a trainee also gets the attempt (started or resumed). */
export const testQuestionsResponse = envelope({
  data: z.array(testQuestion),
  attempt: attemptState.nullable().describe('the trainee’s attempt; null for staff'),
});
export type TestQuestions = z.infer<typeof testQuestionsResponse>;

/** The spec's letters, also typed in lower case or as Cyrillic look-alikes (А, В, С, Е). */
const LOOKALIKES: Record<string, string> = { А: 'A', В: 'B', С: 'C', Е: 'E' };
const letter = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .trim()
          .toUpperCase()
          .replace(/[АВСЕ]/g, (c) => LOOKALIKES[c] ?? c)
      : v,
  z.enum(ANSWER_LETTERS, { message: 'answer_choice' }),
);

/** POST /api/test/starttest. */
export const startTestRequest = z.object({ TestID: id });
/** What staff get when they open a webinar's test for everyone. */
export const openedTest = z.object({
  TestID: z.number().int(),
  OpenedAt: isoMoment,
  Deadline: isoMoment.describe('every attempt of the test ends then'),
});
export type OpenedTest = z.infer<typeof openedTest>;
export const startTestResponse = envelope({
  data: z.union([attemptState, openedTest]).describe('a trainee: the attempt started or resumed; staff: the webinar test opened'),
});

/** POST /api/answer/new. */
export const answerRequest = z.object({ QuestionID: id, TestID: id, UserAnswer: letter });
export type AnswerRequest = z.infer<typeof answerRequest>;
export const answerAck = z.object({
  QuestionID: z.number().int(),
  UserAnswer: z.enum(ANSWER_LETTERS),
  Answered: z.number().int().describe('questions answered so far'),
  Questions: z.number().int(),
  Remaining: z.number().int().min(0).describe('seconds left'),
  Finished: z.boolean().describe('this was the last answer: the attempt is scored'),
  Result: testResult.nullable(),
});
export type AnswerAck = z.infer<typeof answerAck>;
export const answerResponse = envelope({ data: answerAck });

/** GET /api/gettestresult?test={id}: the latest finished attempt, or null. */
export const testResultQuery = z.object({ test: id });
export const testResultResponse = envelope({ result: testResult.nullable() });

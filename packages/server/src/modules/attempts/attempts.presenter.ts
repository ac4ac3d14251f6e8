import {
  type AnswerLetter,
  type AttemptState,
  type LearnerQuestion,
  type LearnerTestDetails,
  TEST_STATUS,
  type TestQuestion,
  type TestResult,
  type TestStatus,
  type UserTest,
} from '@oqu/contracts';
import { toQuestionImage } from '../questions/questions.presenter.js';
import type { AttemptRecord, AttemptWithAnswers, PlanTestRecord, QuestionRow } from './attempts.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();
const letter = (value: string) => value.trim() as AnswerLetter;

/** correct ÷ questions × 100, two decimals; an attempt without questions scores 0. */
export function percentOf(correct: number, questions: number): number {
  return questions > 0 ? Math.round((correct * 10_000) / questions) / 100 : 0;
}

/**
 * Passed when the percent is greater than the pass mark (exactly the pass mark is not passed),
 * compared in whole numbers so no rounding can tip it.
 */
export function isPassed(correct: number, questions: number, passMarks: number): boolean {
  return correct * 100 > passMarks * questions;
}

export function toTestResult(row: AttemptRecord): TestResult | null {
  if (!row.finished_at) return null;
  const passed = row.passed ?? isPassed(row.correct_count, row.question_count, row.pass_marks);
  return {
    TestID: row.test_id,
    AttemptID: row.id,
    Correct: row.correct_count,
    Questions: row.question_count,
    Percent: percentOf(row.correct_count, row.question_count),
    Passed: passed,
    PassMarks: row.pass_marks,
    Status: passed ? TEST_STATUS.Passed : TEST_STATUS.Failed,
    StartedAt: iso(row.started_at),
    FinishedAt: iso(row.finished_at),
  };
}

export function toAttemptState(row: AttemptWithAnswers): AttemptState {
  const finished = row.finished_at !== null;
  return {
    ID: row.id,
    TestID: row.test_id,
    StartedAt: iso(row.started_at),
    Deadline: iso(row.deadline_at),
    Remaining: finished ? 0 : row.remaining,
    Questions: row.question_count,
    Answered: row.answers.map((a) => ({ QuestionID: a.question_id, UserAnswer: letter(a.answer) })),
    Finished: finished,
    Result: toTestResult(row),
  };
}

export function toLearnerQuestion(row: QuestionRow): LearnerQuestion {
  return {
    ID: row.id,
    QuestionText: row.text,
    Image: toQuestionImage(row.id, row.image_key),
    VariantA: row.variant_a,
    VariantB: row.variant_b,
    VariantC: row.variant_c,
    VariantD: row.variant_d,
    VariantE: row.variant_e,
    VariantF: row.variant_f,
  };
}

/** The same question for staff, with its correct letter. */
export function toStaffQuestion(row: QuestionRow): TestQuestion {
  return { ...toLearnerQuestion(row), CorrectAnswer: letter(row.correct_answer) };
}

interface Standing {
  Status: TestStatus;
  Available: boolean;
  Date: string | null;
  Deadline: string | null;
  Remaining: number | null;
}

/**
 * Where the trainee stands with a test: a running attempt ('В процессе'), else an unused retake
 * ('Пересдача', available from its date), else the latest finished attempt, else 'Ожидается' —
 * available at once for a plan's test, and for a webinar's test while its teacher's opening lasts.
 */
export function standingOf(row: PlanTestRecord): Standing {
  const now = new Date(row.now).getTime();
  // a run under way comes first: a retake assigned meanwhile waits until it ends
  if (row.run_id !== null && row.run_started_at !== null && row.run_deadline_at !== null) {
    return {
      Status: TEST_STATUS.InProgress,
      Available: true,
      Date: iso(row.run_started_at),
      Deadline: iso(row.run_deadline_at),
      Remaining: row.run_remaining ?? 0,
    };
  }
  if (row.retake_id !== null && row.retake_from !== null) {
    const from = new Date(row.retake_from);
    return { Status: TEST_STATUS.Retake, Available: from.getTime() <= now, Date: iso(from), Deadline: null, Remaining: null };
  }
  if (row.fin_id !== null && row.fin_started_at !== null) {
    const status = row.fin_passed ? TEST_STATUS.Passed : TEST_STATUS.Failed;
    return { Status: status, Available: false, Date: iso(row.fin_started_at), Deadline: null, Remaining: null };
  }
  return { Status: TEST_STATUS.Upcoming, Available: webinarWindowOpen(row, now), Date: null, Deadline: null, Remaining: null };
}

function webinarWindowOpen(row: PlanTestRecord, now: number) {
  if (!row.is_webinar) return true;
  if (!row.opened_at) return false;
  return new Date(row.opened_at).getTime() + row.duration_minutes * 60_000 > now;
}

/** Questions of the run shown with the status: the attempt's own count while it runs or once finished, else the live count. */
function questionCount(row: PlanTestRecord, status: TestStatus) {
  if (status === TEST_STATUS.InProgress && row.run_question_count !== null) return row.run_question_count;
  if ((status === TEST_STATUS.Passed || status === TEST_STATUS.Failed) && row.fin_question_count !== null) return row.fin_question_count;
  return row.live_questions ?? 0;
}

export function toUserTest(row: PlanTestRecord): UserTest {
  const standing = standingOf(row);
  const finished = row.fin_id !== null && row.fin_question_count !== null && row.fin_correct_count !== null;
  const percent = finished ? percentOf(row.fin_correct_count ?? 0, row.fin_question_count ?? 0) : null;
  return {
    ID: row.id,
    Test: row.name,
    Name: row.name,
    Topic: row.topic_name,
    TopicID: row.topic_id,
    Description: row.description,
    Duration: row.duration_minutes,
    Passmarks: row.pass_marks,
    PassMarks: row.pass_marks,
    Questions: questionCount(row, standing.Status),
    Type: row.is_webinar,
    Date: standing.Date,
    Status: standing.Status,
    Available: standing.Available,
    AttemptID: row.run_id ?? row.fin_id,
    Deadline: standing.Deadline,
    Remaining: standing.Remaining,
    Result: finished ? row.fin_correct_count : null,
    Percent: percent,
    Passed: finished ? Boolean(row.fin_passed) : null,
    // every question of a test belongs to the test's topic, so the analytics hold that one topic
    Analytics: percent === null ? [] : [{ Number: row.topic_position, Name: row.topic_name, Percent: percent }],
  };
}

export function toLearnerTestDetails(row: PlanTestRecord): LearnerTestDetails {
  const standing = standingOf(row);
  return {
    ID: row.id,
    Name: row.name,
    Test: row.name,
    Description: row.description,
    Plan: { Name: row.plan_name },
    Topic: { Name: row.topic_name },
    PassMarks: row.pass_marks,
    Duration: row.duration_minutes,
    Questions: questionCount(row, standing.Status),
    Type: row.is_webinar,
    Status: standing.Status,
    Available: standing.Available,
    Date: standing.Date,
    Remaining: standing.Remaining,
    Deadline: standing.Deadline,
  };
}

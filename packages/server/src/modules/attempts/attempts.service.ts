import type {
  AnswerAck,
  AnswerRequest,
  AttemptState,
  LearnerTestDetails,
  OpenedTest,
  TestQuestion,
  TestResult,
  UserTest,
} from '@oqu/contracts';
import { writeChecked } from '../../db/database.js';
import { conflict, forbidden, notFound, unprocessable } from '../../errors.js';
import { VersionedCache } from '../../lib/versioned-cache.js';
import type { AuthUser } from '../auth/auth-user.js';
import { isTestingStaff, takesTests } from './attempts.policy.js';
import {
  toAttemptState,
  toLearnerQuestion,
  toLearnerTestDetails,
  toStaffQuestion,
  toTestResult,
  toUserTest,
} from './attempts.presenter.js';
import type {
  AttemptRecord,
  AttemptsRepository,
  AttemptWithAnswers,
  PlanTestRecord,
  QuestionRow,
  StartOutcome,
} from './attempts.repository.js';
import { inAttemptOrder } from './question-order.js';

/** How often the server closes attempts nobody came back to. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * Who may open a webinar's test, and whom to tell: the webinars module answers it (this module owns
 * the interface, so it need not know webinars). `webinarsToOpen` refuses (403, 422) or answers the
 * webinars whose rooms hear of the opening; `testOpened` tells them.
 */
export interface WebinarTestGate {
  webinarsToOpen(user: AuthUser, testId: number): Promise<number[]>;
  testOpened(webinarIds: number[], test: { TestID: number; Deadline: string }): Promise<void>;
}

/** How long people finished by their answers wait to be told together (see `tellFinished`). */
const FINISHED_BATCH_MS = 100;
/** Tests whose questions one process keeps at most (the least recently used go first). */
const TESTS_KEPT = 200;

/** Told of people whose attempts were just finished and scored (the exams' live results listen). */
export type AttemptsFinishedListener = (userIds: number[]) => Promise<void>;

/**
 * The testing engine. The server is the referee: it keeps each attempt's deadline on the database's
 * clock, takes the first answer to a question as final, scores an attempt when its last question is
 * answered or its time is up, and closes attempts left running past their deadline (a periodic
 * sweep, and on every read, so no result waits for the timer).
 */
export class AttemptsService {
  private readonly finishedListeners: AttemptsFinishedListener[] = [];
  private readonly finishedPending = new Set<number>();
  private finishedTimer: NodeJS.Timeout | undefined;

  /**
   * The live questions of tests, kept in this process: at an exam's start thousands of trainees ask for
   * the same test's questions within a second. Each start answers the test's `questions_version` (bumped
   * by a trigger at every change to its questions), so a change made through any process is seen at the
   * next start without another query and without telling the other processes.
   */
  private readonly questionsCache = new VersionedCache<number, QuestionRow[]>(TESTS_KEPT);

  constructor(
    private readonly repository: AttemptsRepository,
    private readonly webinarTests: WebinarTestGate,
  ) {}

  /** Calls `listener` with the people whose attempts were finished and scored (by their last answer or their deadline). */
  onAttemptsFinished(listener: AttemptsFinishedListener) {
    this.finishedListeners.push(listener);
  }

  /**
   * Tells the listeners, in batches: at an exam's end thousands of last answers come within seconds,
   * and the people finished within `FINISHED_BATCH_MS` are told in one call (one query by the exams,
   * not one per answer). A listener's failure never fails the answer or the close that finished the attempt.
   */
  private tellFinished(userIds: number[]) {
    for (const id of userIds) this.finishedPending.add(id);
    if (this.finishedPending.size === 0 || this.finishedTimer) return;
    this.finishedTimer = setTimeout(() => {
      const batch = [...this.finishedPending];
      this.finishedPending.clear();
      this.finishedTimer = undefined;
      for (const listener of this.finishedListeners) void listener(batch).catch(() => {});
    }, FINISHED_BATCH_MS);
    // a notice still waiting at shutdown is not worth keeping the process: the results are stored
    this.finishedTimer.unref();
  }

  /** Closes and scores the running attempts past their deadline in `scope`; answers how many. */
  private async close(scope: { userId?: number; testId?: number }, skipBusy = false): Promise<number> {
    const closed = await this.repository.closeExpired(scope, skipBusy);
    this.tellFinished(closed);
    return closed.length;
  }

  /** Closes and scores every running attempt past its deadline; answers how many. */
  closeExpired(): Promise<number> {
    return this.close({}, true);
  }

  /** Closes and scores a person's running attempts past their deadline (of one test, or all): other modules' reads call it first. */
  closeExpiredOf(userId: number, testId?: number): Promise<number> {
    return this.close({ userId, testId });
  }

  /** Runs `closeExpired` every `intervalMs`; answers the function that stops it. */
  startSweeper(intervalMs = SWEEP_INTERVAL_MS, onError: (error: unknown) => void = () => {}) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.closeExpired()
        .catch(onError)
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  // ——— the trainee's list and test details ———

  /** Tests of the trainee's plan with their status, result and analytics. */
  async userTests(userId: number): Promise<UserTest[]> {
    return (await this.planTests(userId)).map(toUserTest);
  }

  /** A test of the trainee's plan as the testing screen heads it (404 for a test not in their plan). */
  async testDetails(userId: number, testId: number): Promise<LearnerTestDetails> {
    const [row] = await this.planTests(userId, testId);
    if (!row) throw notFound('attempt_test_not_in_plan');
    return toLearnerTestDetails(row);
  }

  /** The plan's tests; attempts found past their deadline are closed first, then read again. */
  private async planTests(userId: number, testId?: number): Promise<PlanTestRecord[]> {
    const rows = await this.repository.planTests(userId, testId);
    if (!rows.some((row) => row.run_expired)) return rows;
    await this.close({ userId, testId });
    return this.repository.planTests(userId, testId);
  }

  // ——— starting ———

  /**
   * POST /api/test/starttest. A trainee starts or resumes their attempt (never restarts one); an
   * administrator, or the teacher of a webinar in progress on the test's topic, opens a webinar's test
   * for everyone (a plan's own test needs no opening: 422).
   */
  async start(user: AuthUser, testId: number): Promise<AttemptState | OpenedTest> {
    if (takesTests(user)) return toAttemptState(await this.startOrResume(user.id, testId));
    if (!isTestingStaff(user)) throw forbidden();
    return this.openWebinarTest(user, testId);
  }

  /**
   * GET /api/questions/test:{id}: a trainee's questions in their attempt's own order (the attempt
   * started or resumed; the test's questions come from this process's cache when its version is the
   * start's); staff see the test's order and the correct letters.
   */
  async questions(user: AuthUser, testId: number): Promise<{ data: TestQuestion[]; attempt: AttemptState | null }> {
    if (takesTests(user)) {
      const started = await this.startOrResume(user.id, testId);
      const rows = await this.questionsCache.get(testId, started.questions_version, () => this.repository.questions(testId));
      return { data: inAttemptOrder(rows, started.question_order).map(toLearnerQuestion), attempt: toAttemptState(started) };
    }
    if (!isTestingStaff(user)) throw forbidden();
    if (!(await this.repository.findTest(testId))) throw notFound('test_not_found');
    return { data: (await this.repository.questions(testId)).map(toStaffQuestion), attempt: null };
  }

  /**
   * The trainee's running attempt, or a new one when the rules allow it (db/sql/attempts_start.sql,
   * one statement): an unused retake whose date has come starts a new attempt linked to it; otherwise
   * a test never taken starts (a webinar's test only while its opening lasts). A finished attempt is
   * answered as it is, never restarted; a running one past its deadline is closed and scored first.
   */
  private async startOrResume(userId: number, testId: number): Promise<StartOutcome> {
    const startOnce = () => writeChecked('attempt_retake_gone', () => this.repository.start(userId, testId));
    let outcome = await startOnce();
    if (outcome.reason === 'expired') {
      await this.close({ userId, testId });
      outcome = await startOnce();
    }
    switch (outcome.reason) {
      case null:
        return outcome;
      case 'not_in_plan':
        throw notFound('attempt_test_not_in_plan');
      case 'retake_not_yet':
        throw unprocessable('attempt_retake_not_yet');
      case 'not_opened':
        throw unprocessable('attempt_test_not_opened');
      case 'time_over':
        throw unprocessable('attempt_time_over');
      case 'empty':
        throw unprocessable('attempt_test_empty');
      case 'expired':
        // closed just now, yet past its deadline again: only a clock gone back can do this
        throw unprocessable('attempt_not_running');
    }
  }

  /** The trainee's latest attempt of the test, closed and scored first if its time ran out. */
  private async currentAttempt(userId: number, testId: number): Promise<AttemptWithAnswers | undefined> {
    const current = await this.repository.latestAttempt(userId, testId);
    if (!current?.expired) return current;
    await this.close({ userId, testId });
    return this.repository.latestAttempt(userId, testId);
  }

  /** Opens a webinar's test when the gate lets the caller, then tells the rooms of the webinars it names. */
  private async openWebinarTest(user: AuthUser, testId: number): Promise<OpenedTest> {
    const test = await this.repository.findTest(testId);
    if (!test) throw notFound('test_not_found');
    if (!test.is_webinar) throw unprocessable('attempt_test_not_webinar');
    const webinarIds = await this.webinarTests.webinarsToOpen(user, testId);
    const opened = toOpenedTest(await this.repository.openWebinarTest(testId));
    if (!opened) throw notFound('test_not_found');
    await this.webinarTests.testOpened(webinarIds, { TestID: opened.TestID, Deadline: opened.Deadline });
    return opened;
  }

  /**
   * When a webinar ends, its main test opens for everyone at that moment if it was never opened and
   * has questions, so the attendees sent to it can take it (the webinars module tells the rooms).
   * Null when it had been opened before or has no questions: nothing changes then.
   */
  async openAtWebinarEnd(testId: number): Promise<OpenedTest | null> {
    return toOpenedTest(await this.repository.openNeverOpened(testId));
  }

  // ——— answering ———

  /**
   * POST /api/answer/new. One call stores the answer when everything holds, or says why not. The
   * first answer is final: the same one sent again is accepted and changes nothing, a different one
   * is refused (409).
   */
  async answer(userId: number, body: AnswerRequest): Promise<AnswerAck> {
    const { QuestionID, TestID, UserAnswer } = body;
    const outcome = await this.repository.recordAnswer(userId, TestID, QuestionID, UserAnswer);
    switch (outcome.reason) {
      case null:
        // the last answer scored the attempt
        if (outcome.finished_at !== null) this.tellFinished([userId]);
        return ack(outcome, QuestionID, UserAnswer);
      case 'repeated': {
        // the attempt's time ran out since: answer it closed and scored
        const latest = outcome.expired ? await this.currentAttempt(userId, TestID) : outcome;
        return ack(latest ?? outcome, QuestionID, UserAnswer);
      }
      case 'answered':
        throw conflict('answer_already_given');
      case 'time_over':
        await this.close({ userId, testId: TestID });
        throw unprocessable('attempt_time_over');
      case 'not_in_test':
        throw unprocessable('answer_question_not_in_test');
      case 'no_variant':
        throw unprocessable('answer_variant_missing', { letter: UserAnswer });
      case 'no_attempt':
      case 'not_running':
        throw unprocessable('attempt_not_running');
    }
  }

  // ——— results ———

  /** GET /api/gettestresult: the trainee's latest finished attempt of the test, or null. */
  async result(userId: number, testId: number): Promise<TestResult | null> {
    const current = await this.currentAttempt(userId, testId);
    if (!current) return null;
    if (current.finished_at) return toTestResult(current);
    const finished = await this.repository.latestFinished(userId, testId);
    return finished ? toTestResult(finished) : null;
  }
}

function toOpenedTest(row: { id: number; opened_at: Date | string | null; closes_at: Date | string } | undefined): OpenedTest | null {
  if (!row?.opened_at) return null;
  return { TestID: row.id, OpenedAt: new Date(row.opened_at).toISOString(), Deadline: new Date(row.closes_at).toISOString() };
}

function ack(row: AttemptRecord, questionId: number, answer: AnswerRequest['UserAnswer']): AnswerAck {
  const finished = row.finished_at !== null;
  return {
    QuestionID: questionId,
    UserAnswer: answer,
    Answered: row.answered_count,
    Questions: row.question_count,
    Remaining: finished ? 0 : row.remaining,
    Finished: finished,
    Result: toTestResult(row),
  };
}

import type { QueuedAnswer, SendFailure } from './answerQueue';
import {
  ANSWER_LETTERS,
  type AnsweredQuestion,
  type AnswerLetter,
  type LearnerQuestion,
  type LearnerTestDetails,
  TEST_STATUS,
  type TestAnalytics,
  type UserTest,
} from './types';

/**
 * Pure rules of the trainee's tests and the testing screen (learner-and-instructor.md §3, §4, §5,
 * §9): status colours, the offered variants and their order, where a run resumes, the clock.
 */

/** The `{id}` of /user/testing/{id} as a test id, or null when it is not a positive whole number. */
export function parseTestId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

export type StatusTone = 'upcoming' | 'failed' | 'retake' | 'done';

/** §4: blue upcoming, pink failed, orange retake, green otherwise. */
export function statusTone(status: string): StatusTone {
  if (status === TEST_STATUS.Upcoming) return 'upcoming';
  if (status === TEST_STATUS.Failed) return 'failed';
  if (status === TEST_STATUS.Retake) return 'retake';
  return 'done';
}

/** The status key for the status's own translation, or null for a text the product does not know. */
export function statusKey(status: string): keyof typeof TEST_STATUS | null {
  const entry = Object.entries(TEST_STATUS).find(([, text]) => text === status);
  return entry ? (entry[0] as keyof typeof TEST_STATUS) : null;
}

export type TestAction = 'start' | 'continue' | 'retake';

/** Which button a list item offers: none unless the server says the test is available now. */
export function testAction(test: Pick<UserTest, 'Available' | 'Status'>): TestAction | null {
  if (!test.Available) return null;
  if (test.Status === TEST_STATUS.InProgress) return 'continue';
  if (test.Status === TEST_STATUS.Retake) return 'retake';
  return 'start';
}

/** A second past the moment itself: the server has closed the attempt (or opened the retake) by then. */
const SETTLE_MS = 1000;
/** Far moments are looked at again hourly (a browser timer cannot wait past ~24 days). */
const LONGEST_WAIT_MS = 3_600_000;

/**
 * When the tests list should read itself again, in ms from `now`: a second after the earliest
 * running attempt's time is up (its `Remaining` counts from the list's answer) or a retake's date
 * comes; false when nothing will change by itself.
 */
export function standingsRefreshIn(
  tests: readonly Pick<UserTest, 'Status' | 'Available' | 'Remaining' | 'Date'>[] | undefined,
  now: number,
): number | false {
  const waits: number[] = [];
  for (const test of tests ?? []) {
    if (test.Status === TEST_STATUS.InProgress && test.Remaining !== null) waits.push(test.Remaining * 1000);
    if (test.Status === TEST_STATUS.Retake && !test.Available && test.Date) waits.push(Date.parse(test.Date) - now);
  }
  const next = waits.filter(Number.isFinite);
  if (next.length === 0) return false;
  return Math.min(Math.max(0, Math.min(...next)) + SETTLE_MS, LONGEST_WAIT_MS);
}

/** Why the testing screen's card offers no start: taken already, a retake not open yet, a webinar test closed, no questions. */
export type StartBlocker = 'taken' | 'retakeLater' | 'closed' | 'empty';

/**
 * What the card before an attempt offers (null: the confirm button). The server's `Available` rules;
 * a running attempt never reaches the card, it resumes at once.
 */
export function startBlocker(test: Pick<LearnerTestDetails, 'Status' | 'Available' | 'Questions'>): StartBlocker | null {
  if (!test.Available) {
    if (test.Status === TEST_STATUS.Retake) return 'retakeLater';
    if (test.Status === TEST_STATUS.Upcoming) return 'closed';
    return 'taken';
  }
  return test.Questions > 0 ? null : 'empty';
}

export interface Variant {
  letter: AnswerLetter;
  text: string;
}

/** §5: only the variants A–F that have text. */
export function variantsOf(question: LearnerQuestion): Variant[] {
  const variants: Variant[] = [];
  for (const letter of ANSWER_LETTERS) {
    const text = question[`Variant${letter}`];
    if (typeof text === 'string' && text.trim()) variants.push({ letter, text: text.trim() });
  }
  return variants;
}

/** A new array in random order (Fisher–Yates); `random` in [0, 1). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export type AnswerStatus =
  | { state: 'none' }
  /** Waiting in the queue: not yet confirmed by the server. */
  | { state: 'pending'; answer: AnswerLetter }
  /** Stored on the server. */
  | { state: 'saved'; answer: AnswerLetter }
  /** The server refused it for good (its message). */
  | { state: 'refused'; answer: AnswerLetter; message: string };

/**
 * Each question's answer as the trainee should see it: the server's record first (it is the
 * referee), then answers it acknowledged on this page, then answers still queued, then refusals.
 */
export function answerStatuses(
  questions: readonly Pick<LearnerQuestion, 'ID'>[],
  sources: {
    server: readonly AnsweredQuestion[];
    acknowledged: readonly Pick<QueuedAnswer, 'questionId' | 'answer'>[];
    pending: readonly Pick<QueuedAnswer, 'questionId' | 'answer'>[];
    refused: readonly (Pick<QueuedAnswer, 'questionId' | 'answer'> & { failure: SendFailure })[];
  },
): Map<number, AnswerStatus> {
  const out = new Map<number, AnswerStatus>();
  for (const question of questions) out.set(question.ID, { state: 'none' });
  const set = (questionId: number, status: AnswerStatus) => {
    const current = out.get(questionId);
    if (!current) return;
    if (current.state === 'saved') return;
    if (current.state === 'pending' && status.state === 'refused') return;
    out.set(questionId, status);
  };
  for (const a of sources.server) set(a.QuestionID, { state: 'saved', answer: a.UserAnswer });
  for (const a of sources.acknowledged) set(a.questionId, { state: 'saved', answer: a.answer });
  for (const a of sources.pending) set(a.questionId, { state: 'pending', answer: a.answer });
  for (const a of sources.refused) set(a.questionId, { state: 'refused', answer: a.answer, message: a.failure.message });
  return out;
}

const isOpen = (status: AnswerStatus | undefined) => !status || status.state === 'none' || status.state === 'refused';

/** Where a run resumes: the first question without an answer, else the last question. */
export function resumeIndex(questions: readonly Pick<LearnerQuestion, 'ID'>[], statuses: Map<number, AnswerStatus>): number {
  const index = questions.findIndex((q) => isOpen(statuses.get(q.ID)));
  return index >= 0 ? index : Math.max(0, questions.length - 1);
}

/** The next question without an answer after `from` (wrapping round), or null when none is left. */
export function nextOpenIndex(
  questions: readonly Pick<LearnerQuestion, 'ID'>[],
  statuses: Map<number, AnswerStatus>,
  from: number,
): number | null {
  for (let step = 1; step <= questions.length; step += 1) {
    const index = (from + step) % questions.length;
    const question = questions[index];
    if (question && isOpen(statuses.get(question.ID))) return index;
  }
  return null;
}

/** Every question has an answer the server stored. */
export function allSaved(statuses: Map<number, AnswerStatus>): boolean {
  return statuses.size > 0 && [...statuses.values()].every((s) => s.state === 'saved');
}

/** Every question has an answer, stored or on its way. */
export function allAnswered(statuses: Map<number, AnswerStatus>): boolean {
  return statuses.size > 0 && [...statuses.values()].every((s) => s.state === 'saved' || s.state === 'pending');
}

/** Whole seconds left until `deadline` (both on one monotonic clock, in ms). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The clock's text: `mm:ss`, or `h:mm:ss` from an hour up. */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(safe / 3600);
  const m = Math.floor((safe % 3600) / 60);
  const s = safe % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** A result percent (§9): whole (`digits` 0) on the full screens, two decimals in the compact list. */
export function formatResultPercent(value: number, locale: string, digits: 0 | 2): string {
  const safe = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: digits }).format(safe / 100);
}

export interface AnalyticsPair {
  number: string;
  name: string;
  /** Per cent answered right (0–100) and wrong (the rest). */
  right: number;
  wrong: number;
}

/** §3: each topic's share of right answers, shown as a pair of wrong and right. */
export function analyticsPairs(analytics: readonly TestAnalytics[]): AnalyticsPair[] {
  return analytics.map((row) => {
    const right = Math.min(100, Math.max(0, Number.isFinite(row.Percent) ? row.Percent : 0));
    return {
      number: String(row.Number ?? '').trim(),
      name: row.Name,
      right,
      wrong: Math.round((100 - right) * 100) / 100,
    };
  });
}

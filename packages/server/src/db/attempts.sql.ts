import { type Expression, expressionBuilder, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * A person's standing in a test, as every module reads it: the running attempt, the latest finished
 * one (its outcome is the test's status), the best finished one (its counts are the shown result),
 * whether any finished attempt passed, and the retakes not used yet. Each is a subquery over
 * `attempts as a` (or `retakes as r`) for one person and one test; the caller selects the columns it
 * needs and joins it laterally or tests it with `exists`. The test is usually the outer row's
 * (`eb.ref('t.id')`), the person a value.
 */

type Id = number | Expression<number>;

const eb = expressionBuilder<Database, never>();

/** Seconds left before attempt `a`'s deadline, on the database's clock (never below 0). */
export const attemptRemaining = sql<number>`greatest(0, floor(extract(epoch from a.deadline_at - now())))::int`;
/** Attempt `a` runs past its deadline: the server closes it before anyone reads it. */
export const attemptExpired = sql<boolean>`(a.finished_at is null and a.deadline_at <= now())`;

/** Every attempt of the person at the test. */
export const attemptsOf = (userId: Id, testId: Id) =>
  eb.selectFrom('attempts as a').where('a.user_id', '=', userId).where('a.test_id', '=', testId);

/** The running attempt (at most one: the unique index `attempts_one_running`). */
export const runningAttemptOf = (userId: Id, testId: Id) => attemptsOf(userId, testId).where('a.finished_at', 'is', null).limit(1);

/** Finished attempts, the latest first. */
const finishedOf = (userId: Id, testId: Id) =>
  attemptsOf(userId, testId).where('a.finished_at', 'is not', null).orderBy('a.finished_at', 'desc').orderBy('a.id', 'desc');

/** The latest finished attempt: its outcome is the test's status. */
export const latestFinishedOf = (userId: Id, testId: Id) => finishedOf(userId, testId).limit(1);

/**
 * The best finished attempt: the most right in proportion (an attempt of no questions last), the
 * latest of equals; exact (numeric) division, so 1 of 3 and 2 of 6 are equals.
 */
export const bestAttemptOf = (userId: Id, testId: Id) =>
  attemptsOf(userId, testId)
    .where('a.finished_at', 'is not', null)
    .orderBy(sql`a.correct_count::numeric / nullif(a.question_count, 0)`, (ob) => ob.desc().nullsLast())
    .orderBy('a.finished_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(1);

/** Finished attempts that passed: one is enough for the test to count as passed in the plan's progress. */
export const passedAttemptsOf = (userId: Id, testId: Id) =>
  attemptsOf(userId, testId).where('a.finished_at', 'is not', null).where('a.passed', '=', true);

/** The retakes no attempt has used yet, the earliest first: the first opens the next attempt once its date comes. */
export const unusedRetakesOf = (userId: Id, testId: Id) =>
  eb
    .selectFrom('retakes as r')
    .where('r.user_id', '=', userId)
    .where('r.test_id', '=', testId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('attempts as ra').select('ra.id').whereRef('ra.retake_id', '=', 'r.id'))))
    .orderBy('r.available_from')
    .orderBy('r.id');

import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * A trainee's progress through the plan, as the statistics, the reports and the visit log count it
 * (issue «Results», Definitions). One place for the rules, so the three always agree:
 * - a test is passed when a finished attempt at it passed (`attempts.passed`);
 * - a topic is passed when every test of the topic is passed; a topic without tests, when the
 *   trainee attended one of its webinars;
 * - a plan is passed when it has tests and every one of them is passed.
 * `window` counts only attempts finished (and webinars joined) within [from, to) — the screens'
 * date filter. Each fragment is a boolean SQL expression for one person (a value or a column).
 */

type Id = number | Expression<number>;
export interface ProgressWindow {
  from?: Date;
  /** exclusive */
  to?: Date;
}

const within = (column: RawBuilder<unknown>, window: ProgressWindow = {}) =>
  sql.join(
    [sql`true`, ...(window.from ? [sql`${column} >= ${window.from}`] : []), ...(window.to ? [sql`${column} < ${window.to}`] : [])],
    sql` and `,
  );

/** The person passed test `testId`. */
export const testPassed = (userId: Id, testId: Id, window?: ProgressWindow) =>
  sql<boolean>`exists (select 1 from attempts pa where pa.user_id = ${userId} and pa.test_id = ${testId}
    and pa.finished_at is not null and pa.passed and ${within(sql.ref('pa.finished_at'), window)})`;

/** The person attended a webinar of topic `topicId`. */
export const topicWebinarAttended = (userId: Id, topicId: Id, window?: ProgressWindow) =>
  sql<boolean>`exists (select 1 from webinar_attendance pwa join webinars pw on pw.id = pwa.webinar_id
    where pwa.user_id = ${userId} and pw.topic_id = ${topicId} and ${within(sql.ref('pwa.joined_at'), window)})`;

/** The person passed topic `topicId`: every test of it, or, when it has none, attended its webinar. */
export const topicPassed = (userId: Id, topicId: Id, window?: ProgressWindow) =>
  sql<boolean>`case when exists (select 1 from tests ptt where ptt.topic_id = ${topicId})
    then not exists (select 1 from tests ptt where ptt.topic_id = ${topicId} and not ${testPassed(userId, sql.ref('ptt.id'), window)})
    else ${topicWebinarAttended(userId, topicId, window)} end`;

/** The person passed plan `planId`: it has tests and every one of them is passed. */
export const planPassed = (userId: Id, planId: Id, window?: ProgressWindow) =>
  sql<boolean>`(exists (select 1 from tests ppt where ppt.plan_id = ${planId})
    and not exists (select 1 from tests ppt where ppt.plan_id = ${planId} and not ${testPassed(userId, sql.ref('ppt.id'), window)}))`;

/** The person took a test of plan `planId`: a finished attempt at one of them, passed or not — the statistics' test turnout. */
export const planTestTaken = (userId: Id, planId: Id, window?: ProgressWindow) =>
  sql<boolean>`exists (select 1 from attempts pa join tests ppt on ppt.id = pa.test_id where pa.user_id = ${userId}
    and ppt.plan_id = ${planId} and pa.finished_at is not null and ${within(sql.ref('pa.finished_at'), window)})`;

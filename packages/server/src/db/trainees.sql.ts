import { Role } from '@oqu/contracts';
import { type Expression, sql } from 'kysely';

/** Person `alias` has the trainee role (archived or not: what they did still counts where it is on record). */
export const isTrainee = (alias: string) => sql<boolean>`${sql.ref(`${alias}.role_id`)} = ${Role.Trainee}::int`;

/** Person `alias` is a live trainee: the trainee role, not archived — whom plans, webinars, exams and statistics count now. */
export const liveTrainee = (alias: string) => sql<boolean>`(${isTrainee(alias)} and ${sql.ref(`${alias}.archived_at`)} is null)`;

/** The live trainees of plan `planId` now: a webinar's student total, in its lists and its room. */
export const planTraineeCount = (planId: number | Expression<number>) =>
  sql<number>`(select count(*)::int from users s where s.plan_id = ${planId} and ${liveTrainee('s')})`;

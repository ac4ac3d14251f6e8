import { type Kysely, sql } from 'kysely';

/**
 * Statistics and reports (issue «Results»): the progress rules probe a person's finished attempts at
 * each test of their plan (`modules/attempts/progress.sql.ts`), thousands of probes per statistics
 * call. This index answers each from the index alone (finished_at and passed included), rather than
 * reading every attempt's row as `attempts_user_test` would.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index attempts_finished on attempts (user_id, test_id) include (finished_at, passed) where finished_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index attempts_finished`.execute(db);
}

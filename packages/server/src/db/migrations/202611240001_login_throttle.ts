import { type Kysely, sql } from 'kysely';

/**
 * Sign-in failures are counted per person (by user id), per (person, address) and per address, and
 * the person's back-off runs from their latest failure. Counters kept under the old keys (how the
 * account was typed) mean nothing now, so they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from login_failures`.execute(db);
  await db.schema
    .alterTable('login_failures')
    .addColumn('last_failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from login_failures`.execute(db);
  await db.schema.alterTable('login_failures').dropColumn('last_failed_at').execute();
}

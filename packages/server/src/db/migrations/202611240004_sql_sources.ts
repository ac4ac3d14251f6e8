import { type Kysely, sql } from 'kysely';
import { applySqlSource } from '../sql-sources.js';

/**
 * SQL functions move to their source files in `db/sql/` (applied from there from now on), and
 * `attempts_record_answer` answers every call with a row: whether the answer was stored and, when
 * not, why — read under the same lock — so the server no longer re-reads the attempt to tell the
 * refusals apart. Its result type changes, so it is dropped first. The other functions are applied
 * as they were, from their files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function attempts_record_answer(integer, integer, integer, text)`.execute(db);
  for (const name of ['attempts_lock_key', 'attempts_record_answer', 'questions_wait_for_answers', 'questions_keep_answered']) {
    await applySqlSource(db, name);
  }
}

// No way down: the earlier definitions live in migrations 202611220004 and 202611220005.

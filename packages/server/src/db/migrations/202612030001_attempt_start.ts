import { type Kysely, sql } from 'kysely';
import { applySqlSource } from '../sql-sources.js';

/**
 * A start is one statement (`attempts_start`), and each attempt keeps its own order of the questions
 * (`question_order`: the live questions' ids shuffled at its start; attempts from before have none
 * and keep the test's order). `tests.questions_version` counts changes to a test's questions (trigger
 * `questions_bump_version`), so a process can keep a test's questions in memory and know when they
 * changed from the start's own answer.
 *
 * Attempts keep their test by a trigger, not a foreign key, as answers keep their question
 * (202611220005): the key check locked the test's row for every start, and five thousand trainees
 * starting one test at once queued on that row. Deleting a test is rare and pays instead
 * (`tests_keep_attempted`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table attempts add column question_order integer[]`.execute(db);
  await sql`alter table tests add column questions_version integer not null default 0`.execute(db);
  await applySqlSource(db, 'questions_bump_version');
  await sql`
    create trigger questions_bump_version after insert or update or delete on questions
    for each row execute function questions_bump_version()`.execute(db);
  await sql`alter table attempts drop constraint attempts_test_id_fkey`.execute(db);
  await applySqlSource(db, 'tests_keep_attempted');
  await sql`
    create trigger tests_keep_attempted before delete on tests
    for each row execute function tests_keep_attempted()`.execute(db);
  await applySqlSource(db, 'attempts_start');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function attempts_start(integer, integer)`.execute(db);
  await sql`drop trigger tests_keep_attempted on tests`.execute(db);
  await sql`drop function tests_keep_attempted()`.execute(db);
  await sql`alter table attempts add constraint attempts_test_id_fkey foreign key (test_id) references tests (id) on delete restrict`.execute(
    db,
  );
  await sql`drop trigger questions_bump_version on questions`.execute(db);
  await sql`drop function questions_bump_version()`.execute(db);
  await sql`alter table tests drop column questions_version`.execute(db);
  await sql`alter table attempts drop column question_order`.execute(db);
}

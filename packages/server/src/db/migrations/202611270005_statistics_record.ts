import { type Kysely, sql } from 'kysely';
import { applySqlSource } from '../sql-sources.js';

/**
 * Reports that hold (issues «The exam record holds» §7, «Who may define an exam» §3):
 * - `report_files` is bound to the session that asked for it (`session_hash`, the token hash the
 *   session is stored under): the file answers only while that session lives and its person is
 *   neither blocked nor archived. `request_key` (kind and filters) lets an identical request reuse
 *   the file; `ready_at` is null while the file is being made, and one per person may be.
 *   Files made before this have no session and stop answering.
 * - `plan_memberships`: when each trainee followed which plan, so a past webinar's audience stays as
 *   it was when later-added trainees join the plan. Kept by a trigger on `users`: a plan is attached
 *   or detached, a role changed or a person archived through several paths (creating, editing,
 *   attaching a plan, archiving), and the history must not depend on each remembering to write it.
 *   The trigger's function is `db/sql/plan_membership_track.sql`. Before this migration no history
 *   was kept: today's live trainees of a plan are taken to have followed it since their account was
 *   created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_files
    add column session_hash text,
    add column request_key text not null default '',
    add column ready_at timestamptz`.execute(db);
  await sql`update report_files set ready_at = created_at`.execute(db);
  await sql`create unique index report_files_one_making on report_files (created_by) where ready_at is null`.execute(db);
  await sql`create index report_files_request on report_files (created_by, kind, request_key)`.execute(db);

  await sql`create table plan_memberships (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    plan_id integer not null,
    since timestamptz not null default now(),
    until timestamptz
  )`.execute(db);
  await sql`create index plan_memberships_plan on plan_memberships (plan_id, since)`.execute(db);
  await sql`create unique index plan_memberships_open on plan_memberships (user_id) where until is null`.execute(db);
  await sql`insert into plan_memberships (user_id, plan_id, since)
    select id, plan_id, created_at from users where role_id = 3 and archived_at is null and plan_id is not null`.execute(db);
  await applySqlSource(db, 'plan_membership_track');
  await sql`create trigger users_plan_membership after insert or update of plan_id, role_id, archived_at on users
    for each row execute function plan_membership_track()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_plan_membership on users`.execute(db);
  await sql`drop function plan_membership_track()`.execute(db);
  await sql`drop table plan_memberships`.execute(db);
  await sql`drop index report_files_request`.execute(db);
  await sql`drop index report_files_one_making`.execute(db);
  await sql`alter table report_files drop column session_hash, drop column request_key, drop column ready_at`.execute(db);
}

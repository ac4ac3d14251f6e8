import { type Kysely, sql } from 'kysely';

/**
 * The testing engine's hot path and the webinar test's shared start.
 *
 * - `tests.opened_at`: when a teacher opened a webinar's test for everyone; its attempts all end at
 *   opened_at + duration.
 * - `attempts_record_answer(user, test, question, letter)` stores one answer in one call (one round
 *   trip, its statements' plans cached by PL/pgSQL), and only when everything holds: the caller's
 *   attempt of the test is running and before its deadline, the question is a live one of that test,
 *   and the letter names a variant with text. A person's answers to one test take the advisory lock
 *   `attempts_lock_key(user, test)` in turn (held to commit, in memory only), and every statement
 *   after it reads anew, so the answer that completes the attempt sees all the others and scores it.
 *   Whoever closes an attempt at its deadline takes the same lock, so no answer lands in an attempt
 *   being closed. Nothing is returned when nothing was stored (refused, or the question was already
 *   answered).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tests add column opened_at timestamptz`.execute(db);
  // the key of the lock that orders the answers and the closing of one person's attempts at one test
  await sql`create function attempts_lock_key(p_user integer, p_test integer) returns bigint
    language sql immutable parallel safe as 'select (p_user::bigint << 32) | p_test::bigint'`.execute(db);
  await sql
    .raw(`
    create function attempts_record_answer(p_user integer, p_test integer, p_question integer, p_letter text)
    returns table (
      id integer, test_id integer, started_at timestamptz, deadline_at timestamptz, finished_at timestamptz,
      question_count integer, answered_count integer, correct_count integer, pass_marks integer, passed boolean,
      remaining integer
    )
    language plpgsql as $body$
    declare
      v_attempt integer;
      v_started timestamptz;
      v_deadline timestamptz;
      v_questions integer;
      v_pass_marks integer;
      v_correct boolean;
      v_answered integer;
      v_right integer;
      v_finished timestamptz;
      v_passed boolean;
    begin
      -- the caller's answers to one test are recorded one at a time (an in-memory lock, nothing written)
      perform pg_advisory_xact_lock(attempts_lock_key(p_user, p_test));
      select a.id, a.started_at, a.deadline_at, a.question_count, a.pass_marks, q.correct_answer = p_letter
        into v_attempt, v_started, v_deadline, v_questions, v_pass_marks, v_correct
      from attempts a
      join questions q on q.id = p_question and q.test_id = a.test_id and q.archived_at is null
      where a.user_id = p_user and a.test_id = p_test and a.finished_at is null and a.deadline_at > now()
        and (case p_letter when 'A' then q.variant_a when 'B' then q.variant_b when 'C' then q.variant_c
             when 'D' then q.variant_d when 'E' then q.variant_e when 'F' then q.variant_f end) <> '';
      if v_attempt is null then return; end if;

      insert into attempt_answers (attempt_id, question_id, answer, is_correct)
      values (v_attempt, p_question, p_letter, v_correct)
      on conflict on constraint attempt_answers_pkey do nothing;
      if not found then return; end if;

      -- read after the lock, so every earlier answer of the attempt is seen
      select count(*)::integer, (count(*) filter (where aa.is_correct))::integer into v_answered, v_right
      from attempt_answers aa where aa.attempt_id = v_attempt;
      if v_answered >= v_questions then
        -- the last answer scores the attempt: passed when the percent is greater than the pass mark
        v_finished := now();
        v_passed := v_right * 100 > v_pass_marks * v_questions;
        update attempts a set finished_at = v_finished, correct_count = v_right, passed = v_passed where a.id = v_attempt;
      else
        v_right := 0;
      end if;

      return query select v_attempt, p_test, v_started, v_deadline, v_finished, v_questions, v_answered, v_right,
        v_pass_marks, v_passed, greatest(0, floor(extract(epoch from v_deadline - now())))::integer;
    end
    $body$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function attempts_record_answer(integer, integer, integer, text)`.execute(db);
  await sql`drop function attempts_lock_key(integer, integer)`.execute(db);
  await sql`alter table tests drop column opened_at`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Answers keep their question without a foreign key.
 *
 * A foreign key check takes a key-share lock on the referenced row. In an exam a thousand trainees
 * answer the same question within a second, so every answer locked the same `questions` row: a
 * multixact per answer on one hot row (the exam-burst benchmark measured ~20 % of the answer path).
 * Deleting a question is a rare staff action, so the guard is moved to its side:
 *
 * - before a delete on `questions`, `lock table attempt_answers in share mode` waits for every answer
 *   being written to commit and holds new ones back until the delete's transaction ends;
 * - then each deleted question with an answer is refused with `restrict_violation` (23001), the code
 *   the RESTRICT key answered, so the services' 409s stay as they were.
 *
 * `attempts_record_answer` now validates and inserts in one `insert … select`: a statement takes its
 * table locks before its snapshot, so an answer held back by a delete reads the questions after that
 * delete has committed and cannot store an answer to a deleted question.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table attempt_answers drop constraint attempt_answers_question_id_fkey`.execute(db);
  await sql
    .raw(`
    create function questions_wait_for_answers() returns trigger language plpgsql as $body$
    begin
      lock table attempt_answers in share mode;
      return null;
    end
    $body$`)
    .execute(db);
  await sql
    .raw(`
    create function questions_keep_answered() returns trigger language plpgsql as $body$
    begin
      if exists (select from attempt_answers where question_id = old.id) then
        raise exception 'update or delete on table "questions" violates restrict constraint "attempt_answers_question_id_fkey" on table "attempt_answers"'
          using errcode = 'restrict_violation', constraint = 'attempt_answers_question_id_fkey', table = 'attempt_answers';
      end if;
      return old;
    end
    $body$`)
    .execute(db);
  await sql`create trigger questions_wait_for_answers before delete on questions
    for each statement execute function questions_wait_for_answers()`.execute(db);
  await sql`create trigger questions_keep_answered before delete on questions
    for each row execute function questions_keep_answered()`.execute(db);
  await sql
    .raw(`
    create or replace function attempts_record_answer(p_user integer, p_test integer, p_question integer, p_letter text)
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
      v_answered integer;
      v_right integer;
      v_finished timestamptz;
      v_passed boolean;
    begin
      -- the caller's answers to one test are recorded one at a time (an in-memory lock, nothing written)
      perform pg_advisory_xact_lock(attempts_lock_key(p_user, p_test));
      insert into attempt_answers (attempt_id, question_id, answer, is_correct)
      select a.id, q.id, p_letter, q.correct_answer = p_letter
      from attempts a
      join questions q on q.id = p_question and q.test_id = a.test_id and q.archived_at is null
      where a.user_id = p_user and a.test_id = p_test and a.finished_at is null and a.deadline_at > now()
        and (case p_letter when 'A' then q.variant_a when 'B' then q.variant_b when 'C' then q.variant_c
             when 'D' then q.variant_d when 'E' then q.variant_e when 'F' then q.variant_f end) <> ''
      on conflict on constraint attempt_answers_pkey do nothing
      returning attempt_id into v_attempt;
      if v_attempt is null then return; end if;

      -- read after the lock, so every earlier answer of the attempt is seen
      select a.started_at, a.deadline_at, a.question_count, a.pass_marks, c.answered, c.right_answers
        into v_started, v_deadline, v_questions, v_pass_marks, v_answered, v_right
      from attempts a, lateral (
        select count(*)::integer as answered, (count(*) filter (where aa.is_correct))::integer as right_answers
        from attempt_answers aa where aa.attempt_id = a.id
      ) c
      where a.id = v_attempt;
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
  // attempts_record_answer stays as it is: it is as right with the foreign key as without it
  await sql`drop trigger questions_keep_answered on questions`.execute(db);
  await sql`drop trigger questions_wait_for_answers on questions`.execute(db);
  await sql`drop function questions_keep_answered()`.execute(db);
  await sql`drop function questions_wait_for_answers()`.execute(db);
  await sql`alter table attempt_answers add constraint attempt_answers_question_id_fkey
    foreign key (question_id) references questions (id) on delete restrict`.execute(db);
}

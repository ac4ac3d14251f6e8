-- Records one answer in one call, or says why not.
--
-- Stored only when everything holds: the caller's attempt of the test is running and before its
-- deadline, the question is a live one of that test, and the letter names a variant with text. The
-- validation and the insert are one `insert … select`: a statement takes its table locks before its
-- snapshot, so an answer held back by a question's delete (trigger questions_wait_for_answers) reads
-- the questions after that delete. A person's answers to one test take the advisory lock
-- attempts_lock_key(user, test) in turn (held to commit, in memory only) and every statement after
-- it reads anew, so the answer that completes the attempt sees all the others and scores it; whoever
-- closes an attempt at its deadline takes the same lock.
--
-- One row always comes back: `stored`, and when nothing was stored the `reason`, read under the
-- same lock about the person's current attempt (the running one, else the latest):
--   no_attempt   none was ever started             not_running  it is over
--   repeated     the same letter is already given  time_over    its deadline passed (not closed yet)
--   answered     another letter is already given   not_in_test  the question is not a live one of the test
--   no_variant   the letter names an empty variant
-- with the attempt's figures (none for no_attempt); `expired` tells a running attempt past its deadline.
create or replace function attempts_record_answer(p_user integer, p_test integer, p_question integer, p_letter text)
returns table (
  stored boolean, reason text, expired boolean,
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
  v_current attempts%rowtype;
  v_previous text;
  v_reason text;
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

  if v_attempt is not null then
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
    return query select true, null::text, false, v_attempt, p_test, v_started, v_deadline, v_finished, v_questions,
      v_answered, v_right, v_pass_marks, v_passed, greatest(0, floor(extract(epoch from v_deadline - now())))::integer;
    return;
  end if;

  -- nothing was stored: tell why (only refusals pay for these reads)
  select a.* into v_current from attempts a where a.user_id = p_user and a.test_id = p_test
  order by a.finished_at is null desc, a.started_at desc, a.id desc limit 1;
  if v_current.id is null then
    return query select false, 'no_attempt'::text, false, null::integer, p_test, null::timestamptz, null::timestamptz,
      null::timestamptz, null::integer, null::integer, null::integer, null::integer, null::boolean, null::integer;
    return;
  end if;
  select aa.answer into v_previous from attempt_answers aa where aa.attempt_id = v_current.id and aa.question_id = p_question;
  v_reason := case
    when v_previous is not null then case when v_previous = p_letter then 'repeated' else 'answered' end
    when v_current.finished_at is not null then 'not_running'
    when v_current.deadline_at <= now() then 'time_over'
    when not exists (select from questions q where q.id = p_question and q.test_id = p_test and q.archived_at is null)
      then 'not_in_test'
    when (select case p_letter when 'A' then q.variant_a when 'B' then q.variant_b when 'C' then q.variant_c
          when 'D' then q.variant_d when 'E' then q.variant_e when 'F' then q.variant_f end
          from questions q where q.id = p_question) = '' then 'no_variant'
    -- the attempt began after this answer's insert read the attempts: it was not running then
    else 'not_running'
  end;
  return query select false, v_reason, v_current.finished_at is null and v_current.deadline_at <= now(),
    v_current.id, p_test, v_current.started_at, v_current.deadline_at, v_current.finished_at, v_current.question_count,
    (select count(*)::integer from attempt_answers aa where aa.attempt_id = v_current.id),
    v_current.correct_count, v_current.pass_marks, v_current.passed,
    greatest(0, floor(extract(epoch from v_current.deadline_at - now())))::integer;
end
$body$

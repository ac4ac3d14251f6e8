-- Starts or resumes a person's attempt of a test in one call, or says why not.
--
-- The trainee's current attempt (the running one, else the latest) is answered as it is: a running
-- one resumed, a finished one never restarted, unless an unused retake has come (then a new attempt
-- linked to it starts). A test never taken starts; a webinar's test only while its opening lasts.
-- A new attempt fixes its questions' order (its own shuffle of the live questions: `question_order`),
-- their count, the pass mark and the deadline (now + duration, or for a webinar's test its opening +
-- duration). The unique indexes decide between concurrent starts (one running attempt per person and
-- test, one attempt per retake): the loser reads the winner's attempt.
--
-- One row always comes back: `reason` null with the attempt, or why there is none:
--   not_in_plan     the test is not in the person's plan    expired       the running attempt is past its deadline
--   retake_not_yet  the retake's date has not come           not_opened    a webinar's test not opened yet
--   time_over       a webinar's test whose opening is over   empty         the test has no live question
-- `expired` comes with the attempt (the caller closes it and calls again). `questions_version` is the
-- test's (bumped by every change to its questions): the caller's cache of the questions checks it.
create or replace function attempts_start(p_user integer, p_test integer)
returns table (
  reason text, questions_version integer, expired boolean,
  id integer, test_id integer, started_at timestamptz, deadline_at timestamptz, finished_at timestamptz,
  question_count integer, answered_count integer, correct_count integer, pass_marks integer, passed boolean,
  remaining integer, question_order integer[], answers json
)
language plpgsql as $body$
declare
  v_test tests%rowtype;
  v_retake retakes%rowtype;
  v_current attempts%rowtype;
  v_order integer[];
  v_reason text;
begin
  select t.* into v_test from tests t join users u on u.plan_id = t.plan_id and u.id = p_user where t.id = p_test;
  if v_test.id is null then
    v_reason := 'not_in_plan';
  else
    select r.* into v_retake from retakes r
    where r.user_id = p_user and r.test_id = p_test and not exists (select from attempts ra where ra.retake_id = r.id)
    order by r.available_from, r.id limit 1;
    select a.* into v_current from attempts a where a.user_id = p_user and a.test_id = p_test
    order by a.finished_at is null desc, a.started_at desc, a.id desc limit 1;

    if v_current.id is not null and v_current.finished_at is null then
      v_reason := case when v_current.deadline_at <= now() then 'expired' end;
    elsif v_retake.id is not null then
      v_reason := case when v_retake.available_from > now() then 'retake_not_yet' end;
    elsif v_current.id is not null then
      v_reason := null;  -- finished, and no retake: answered as it is
    elsif v_test.is_webinar and v_test.opened_at is null then
      v_reason := 'not_opened';
    elsif v_test.is_webinar and v_test.opened_at + make_interval(mins => v_test.duration_minutes) <= now() then
      v_reason := 'time_over';
    end if;

    if v_reason is null and (v_current.id is null or (v_current.finished_at is not null and v_retake.id is not null)) then
      select array_agg(q.id order by random()) into v_order from questions q where q.test_id = p_test and q.archived_at is null;
      if v_order is null then
        v_reason := 'empty';
      else
        -- from tests, not from what was read above: a test deleted meanwhile (trigger
        -- tests_keep_attempted) is gone for this statement, whose lock comes before its snapshot
        insert into attempts as a (user_id, test_id, started_at, deadline_at, question_count, question_order, pass_marks, retake_id)
        select p_user, t.id, now(),
          (case when t.is_webinar then t.opened_at else now() end) + make_interval(mins => t.duration_minutes),
          cardinality(v_order), v_order, t.pass_marks, v_retake.id
        from tests t where t.id = p_test
        on conflict do nothing
        returning a.* into v_current;
        if v_current.id is null then
          -- a concurrent start won (its attempt is committed, and this statement reads anew), or the test is gone
          select a.* into v_current from attempts a where a.user_id = p_user and a.test_id = p_test
          order by a.finished_at is null desc, a.started_at desc, a.id desc limit 1;
          if v_current.id is null then
            v_reason := 'not_in_plan';
          end if;
        end if;
      end if;
    end if;
  end if;

  if v_current.id is null or v_reason in ('retake_not_yet', 'empty') then
    return query select v_reason, v_test.questions_version, false, null::integer, p_test, null::timestamptz,
      null::timestamptz, null::timestamptz, null::integer, null::integer, null::integer, null::integer, null::boolean,
      null::integer, null::integer[], '[]'::json;
    return;
  end if;
  return query select v_reason, v_test.questions_version,
    v_current.finished_at is null and v_current.deadline_at <= now(),
    v_current.id, v_current.test_id, v_current.started_at, v_current.deadline_at, v_current.finished_at,
    v_current.question_count, c.answered, v_current.correct_count, v_current.pass_marks, v_current.passed,
    greatest(0, floor(extract(epoch from v_current.deadline_at - now())))::integer, v_current.question_order, c.answers
  from (
    select count(*)::integer as answered,
      coalesce(json_agg(json_build_object('question_id', aa.question_id, 'answer', aa.answer)
        order by aa.answered_at, aa.question_id), '[]'::json) as answers
    from attempt_answers aa where aa.attempt_id = v_current.id
  ) c;
end
$body$

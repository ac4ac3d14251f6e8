-- Before a delete on questions (trigger questions_keep_answered, for each row): a question with an
-- answer is refused with restrict_violation (23001), the code a RESTRICT foreign key answers.
create or replace function questions_keep_answered() returns trigger language plpgsql as $body$
begin
  if exists (select from attempt_answers where question_id = old.id) then
    raise exception 'update or delete on table "questions" violates restrict constraint "attempt_answers_question_id_fkey" on table "attempt_answers"'
      using errcode = 'restrict_violation', constraint = 'attempt_answers_question_id_fkey', table = 'attempt_answers';
  end if;
  return old;
end
$body$

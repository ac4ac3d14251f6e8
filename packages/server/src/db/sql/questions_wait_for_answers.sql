-- Before a delete on questions (trigger questions_wait_for_answers, for each statement): waits for
-- every answer being written to commit and holds new ones back until the delete's transaction ends.
create or replace function questions_wait_for_answers() returns trigger language plpgsql as $body$
begin
  lock table attempt_answers in share mode;
  return null;
end
$body$

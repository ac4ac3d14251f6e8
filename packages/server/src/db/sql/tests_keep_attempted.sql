-- Before a delete on tests (trigger tests_keep_attempted, for each row): waits for every attempt
-- being started to commit, holds new ones back until the delete's transaction ends, and refuses a
-- test with an attempt with restrict_violation (23001), the code the RESTRICT key it replaces gave.
-- A start inserts with `insert … select` from tests, so one held back here finds the test gone.
create or replace function tests_keep_attempted() returns trigger language plpgsql as $body$
begin
  lock table attempts in share mode;
  if exists (select from attempts where test_id = old.id) then
    raise exception 'update or delete on table "tests" violates restrict constraint "attempts_test_id_fkey" on table "attempts"'
      using errcode = 'restrict_violation', constraint = 'attempts_test_id_fkey', table = 'attempts';
  end if;
  return old;
end
$body$

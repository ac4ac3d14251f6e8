-- After any change to questions (trigger questions_bump_version, for each row): bumps the test's
-- `questions_version`, so every process's cache of a test's questions sees the change at its next
-- start (attempts_start answers the version) without asking the database again.
create or replace function questions_bump_version() returns trigger language plpgsql as $body$
begin
  update tests set questions_version = questions_version + 1
  where id in (
    select (case when tg_op = 'DELETE' then old.test_id else new.test_id end)
    union select (case when tg_op = 'UPDATE' then old.test_id end)
  );
  return null;
end
$body$

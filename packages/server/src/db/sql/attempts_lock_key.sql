-- The key of the advisory lock that orders the answers and the closing of one person's attempts at one test.
create or replace function attempts_lock_key(p_user integer, p_test integer) returns bigint
  language sql immutable parallel safe as 'select (p_user::bigint << 32) | p_test::bigint'

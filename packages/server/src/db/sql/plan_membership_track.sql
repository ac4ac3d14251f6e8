-- After an insert on users, or an update of plan_id, role_id or archived_at (trigger
-- users_plan_membership, for each row): when the plan the person follows as a trainee changes (a live
-- role-3 account's plan_id, else none), the open plan_memberships row closes now and a new one opens.
-- A new account follows its plan since it was created (a seed may date it back).
create or replace function plan_membership_track() returns trigger language plpgsql as $body$
declare
  before_plan integer := null;
  after_plan integer := case when new.role_id = 3 and new.archived_at is null then new.plan_id end;
begin
  if tg_op = 'UPDATE' then
    before_plan := case when old.role_id = 3 and old.archived_at is null then old.plan_id end;
  end if;
  if before_plan is not distinct from after_plan then
    return null;
  end if;
  update plan_memberships set until = now() where user_id = new.id and until is null;
  if after_plan is not null then
    insert into plan_memberships (user_id, plan_id, since)
      values (new.id, after_plan, case when tg_op = 'INSERT' then new.created_at else now() end);
  end if;
  return null;
end
$body$

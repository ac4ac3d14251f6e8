import { Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { bearer, type TestApp } from './app.js';

/** The refusals of a guarded route, in the default language. */
export const FORBIDDEN = { status: false, message: 'Недостаточно прав для этого действия' };
export const SIGN_IN_FIRST = { status: false, message: 'Войдите в систему' };

/** Every role but the administrator's. */
export const NOT_ADMIN = [Role.Examiner, Role.Trainee, Role.Teacher, Role.Region] as const;

export type Call = readonly [method: InjectOptions['method'], url: string, payload?: object];

/** Each call answers 403 to each of `roles`, and 401 to a caller without a token. */
export async function expectRefused(t: TestApp, roles: readonly number[], calls: readonly Call[]) {
  for (const [method, url, payload] of calls) {
    for (const role of roles) {
      const response = await t.app.inject({ method, url, payload, headers: bearer(await t.tokenOf(role)) });
      expect(response.statusCode, `${method} ${url} as ${role}`).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
    const anonymous = await t.app.inject({ method, url, payload });
    expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
    expect(anonymous.json()).toEqual(SIGN_IN_FIRST);
  }
}

/** The audit records about `targetId` whose action starts with `prefix` (`plan.`), oldest first. */
export function auditOf(t: TestApp, targetId: number, prefix: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'details'])
    .where('target_id', '=', targetId)
    .where('action', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
}

/**
 * Makes the database refuse audit entries of `action` until the answered function is called: a change
 * whose entry cannot be written must then not be stored either.
 */
export async function refusingAudit(t: TestApp, action: string): Promise<() => Promise<void>> {
  await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(
    t.db,
  );
  await sql`create trigger refuse_audit before insert on audit_log for each row
    when (new.action = ${sql.lit(action)}) execute function refuse_audit()`.execute(t.db);
  return async () => {
    await sql`drop trigger refuse_audit on audit_log`.execute(t.db);
    await sql`drop function refuse_audit()`.execute(t.db);
  };
}

import { Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
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

import { ALL_ROLES, ROLE_KEYS } from '@oqu/contracts';
import { expect } from 'vitest';
import type { AuthUser } from '../modules/auth/auth-user.js';
import type { Access } from '../plugins/access.js';
import { caller } from './callers.js';

/** The roles by the spec's names: RoleID 1 admin, 2 examiner, 3 trainee, 4 teacher, 5 region. */
export type RoleName = 'admin' | 'examiner' | 'trainee' | 'teacher' | 'region';

/**
 * Calls a rule with a caller of every role (ids as in `callers.ts`) and compares the five answers
 * with the expected ones at once, so a failure shows every role that differs. For ownership, let
 * the rule build the row from the caller: `(user) => runsWebinar(user, { teacher_id: user.id })`.
 */
export function expectEveryRole<T>(rule: (user: AuthUser) => T, expected: Record<RoleName, T>): void {
  const actual = Object.fromEntries(ALL_ROLES.map((role) => [ROLE_KEYS[role], rule(caller(role))]));
  expect(actual).toEqual(expected);
}

/**
 * Whether a route's declaration lets the caller through — nobody signed in (null) or a signed-in
 * caller — as the auth guard (`plugins/auth.ts`) decides; the route-matrix test holds the guard to
 * exactly this on every route.
 */
export const admits =
  ({ access }: { access: Access }) =>
  (user: AuthUser | null): boolean =>
    access.public === true || (user !== null && access.roles.includes(user.roleId));

/** Who a route's declaration admits: nobody signed in (`signedOut`) and each role. */
export function expectAdmits(declaration: { access: Access }, expected: Record<RoleName | 'signedOut', boolean>): void {
  const { signedOut, ...roles } = expected;
  expect(admits(declaration)(null), 'signed out').toBe(signedOut);
  expectEveryRole(admits(declaration), roles);
}

/** The spec's commonest rows: a route for administrators alone, and one for trainees alone. */
export const ADMINISTRATORS_ONLY = { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false };
export const TRAINEES_ONLY = { signedOut: false, admin: false, examiner: false, trainee: true, teacher: false, region: false };

import { Role, SECTIONS } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth-user.js';

/** Who may do what with tests. The routes declare these; the route reading one test applies the rule below. */
export const testsAccess = {
  /** the tests screen */
  manage: forSection('tests'),
  /** one test: staff read the admin shape, a trainee a test of their plan */
  read: { access: { roles: [...SECTIONS.tests.roles, Role.Trainee], section: 'tests' } },
} as const;

/** Reads a test through the testing engine (their plan's, with their standing) rather than the admin shape: a trainee. */
export const readsAsLearner = (user: AuthUser) => user.roleId === Role.Trainee;

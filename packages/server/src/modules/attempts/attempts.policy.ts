import { everyoneButRegion, isAmong, Role, staff } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth-user.js';

/**
 * Who may do what in the testing engine. A trainee works only on their own attempts: every call
 * reads and writes the caller's own (the service passes `user.id`, never an id from the request).
 */
export const attemptsAccess = {
  /** the trainee's tests, answers and results */
  learner: forSection('learnerTests'),
  /** trainees take tests; staff read the questions with their answers and open webinar tests */
  traineesAndStaff: { access: { roles: everyoneButRegion } },
} as const;

/** Takes tests (starts, resumes and answers attempts of their own). */
export const takesTests = (user: AuthUser) => user.roleId === Role.Trainee;

/** Reads the correct answers and may ask to open webinar tests (which the webinars module then rules on). */
export const isTestingStaff = (user: AuthUser) => isAmong(staff, user.roleId);

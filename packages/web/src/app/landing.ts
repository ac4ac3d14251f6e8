import { Role, type RoleId, SECTIONS, staff } from '@oqu/contracts';

/** Where each staff or region role starts in the admin area. */
export const ADMIN_LANDING: Record<Exclude<RoleId, typeof Role.Trainee>, string> = {
  [Role.Admin]: SECTIONS.users.path,
  [Role.Examiner]: SECTIONS.reportCard.path,
  [Role.Teacher]: SECTIONS.ownWebinars.path,
  [Role.Region]: SECTIONS.audience.path,
};

/** Compact (mobile) homes. */
export const LEARNER_MOBILE_HOME = '/main';
export const INSTRUCTOR_MOBILE_HOME = '/webinar-main';
/** The examiner's compact home: their exams (the report card), as on wide screens. */
export const EXAMINER_MOBILE_HOME = '/report-card';

/**
 * The page a role lands on after sign-in, or when it opens a page it may not use.
 * Wide screens: staff and region roles go to their admin page, trainees to /user/main.
 * Narrow screens: examiners to their exams, admin and teacher to the instructor home, trainees to
 * /main, region accounts to their admin page (they have no compact screens).
 */
export function landingPath(role: RoleId, narrow: boolean): string {
  if (role === Role.Trainee) return narrow ? LEARNER_MOBILE_HOME : SECTIONS.learnerMain.path;
  if (narrow && role === Role.Examiner) return EXAMINER_MOBILE_HOME;
  if (narrow && staff.includes(role)) return INSTRUCTOR_MOBILE_HOME;
  return ADMIN_LANDING[role];
}

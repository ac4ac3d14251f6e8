import { Role, type RoleId } from './roles.js';

/**
 * Who may use each section of the product. The server guards the section's API with the same
 * list that the web uses to show its menu entry, so a menu entry is visible exactly when the API
 * behind it answers. Sections of later issues are listed so the menu and role matrix are complete.
 */
const { Admin, Examiner, Trainee, Teacher, Region } = Role;

/**
 * Everyone but the region account, whose only screen is the exam audience: the people who take part
 * in webinar rooms, their chat and presence, and in tests.
 */
export const everyoneButRegion: readonly RoleId[] = [Admin, Examiner, Trainee, Teacher];

/** Who teaches or examines: the catalogue's tests and questions, exams, webinars, and the compact instructor screens. */
export const staff: readonly RoleId[] = [Admin, Teacher, Examiner];

/** Who runs webinar rooms: an administrator any, a teacher their own (`runsWebinar` tells whose). */
export const roomRunners: readonly RoleId[] = [Admin, Teacher];

export const SECTIONS = {
  // admin area (admin-back-office.md §2, menu visibility)
  statistics: { roles: [Admin], path: '/admin/statistics' },
  visitorsLog: { roles: [Admin], path: '/admin/visitors-log' },
  users: { roles: [Admin], path: '/admin/users' },
  planEducation: { roles: [Admin], path: '/admin/plan-education' },
  themes: { roles: [Admin], path: '/admin/themes' },
  tests: { roles: staff, path: '/admin/tests' },
  questions: { roles: staff, path: '/admin/questions' },
  retakes: { roles: [Admin, Examiner], path: '/admin/retake' },
  exam: { roles: staff, path: '/admin/exam' },
  examiners: { roles: [Admin], path: '/admin/examiners' },
  webinars: { roles: staff, path: '/admin/webinars' },
  conductingWebinar: { roles: [Admin], path: '/admin/conducting-webinar' },
  adminQuestions: { roles: [Admin], path: '/admin/admin-questions' },
  certificates: { roles: [Admin], path: '/admin/certificates' },
  issuedCertificates: { roles: [Admin], path: '/admin/issued-certificates' },
  scorms: { roles: [Admin], path: '/admin/scorms' },
  media: { roles: [Admin], path: '/admin/media' },
  audienceExam: { roles: [Admin], path: '/admin/audience-exam' },
  adminReportCard: { roles: [Admin], path: '/admin/report-card-admin' },
  reportCard: { roles: [Examiner], path: '/admin/report-card' },
  ownWebinars: { roles: [Teacher], path: '/admin/webinar' },
  webinarQuestions: { roles: [Teacher], path: '/admin/questions-webinars' },
  audience: { roles: [Region], path: '/admin/audience' },
  roles: { roles: [Admin], path: '/admin/role' },
  // learner area (learner-and-instructor.md §2)
  learnerMain: { roles: [Trainee], path: '/user/main' },
  learnerPlan: { roles: [Trainee], path: '/user/plan-education' },
  learnerTests: { roles: [Trainee], path: '/user/tests' },
  learnerWebinars: { roles: [Trainee], path: '/user/webinars' },
  learnerScorm: { roles: [Trainee], path: '/user/scorm-package' },
  learnerVr: { roles: [Trainee], path: '/user/vr' },
  learnerMedia: { roles: [Trainee], path: '/user/media-files' },
  learnerCertificates: { roles: [Trainee], path: '/user/certificates' },
} as const satisfies Record<string, { roles: readonly RoleId[]; path: string }>;

export type SectionKey = keyof typeof SECTIONS;

/** Admin menu entries in the order the spec's menu shows them. */
export const ADMIN_MENU: readonly SectionKey[] = [
  'statistics',
  'visitorsLog',
  'users',
  'planEducation',
  'themes',
  'tests',
  'questions',
  'retakes',
  'exam',
  'examiners',
  'webinars',
  'conductingWebinar',
  'adminQuestions',
  'certificates',
  'issuedCertificates',
  'scorms',
  'media',
  'audienceExam',
  'adminReportCard',
  'reportCard',
  'ownWebinars',
  'webinarQuestions',
  'audience',
  'roles',
];

/** Learner side menu; `active: false` entries are shown greyed, as the spec marks them inactive. */
export const LEARNER_MENU: readonly { key: SectionKey; active: boolean }[] = [
  { key: 'learnerMain', active: true },
  { key: 'learnerPlan', active: true },
  { key: 'learnerTests', active: true },
  { key: 'learnerWebinars', active: true },
  { key: 'learnerScorm', active: true },
  { key: 'learnerVr', active: true },
  { key: 'learnerMedia', active: true },
  { key: 'learnerCertificates', active: true },
];

export function canUse(section: SectionKey, role: RoleId): boolean {
  return isAmong(SECTIONS[section].roles, role);
}

/** Whether the role (none when signed out) is one of these. */
export function isAmong(roles: readonly RoleId[], role: RoleId | undefined): boolean {
  return role !== undefined && roles.includes(role);
}

/** Question threads on webinars: trainees ask; a webinar's teacher answers; administrators read every thread and write in none. */
export const asksQuestions: readonly RoleId[] = SECTIONS.learnerWebinars.roles;
export const answersQuestions: readonly RoleId[] = SECTIONS.webinarQuestions.roles;
/** Whose questions inbox lists the threads: those who answer, and administrators reading along. */
export const readsQuestionInbox: readonly RoleId[] = [...answersQuestions, ...SECTIONS.adminQuestions.roles];

/**
 * Who runs a webinar's room — starts and ends it, manages its documents, writes in its chat, opens
 * its tests: an administrator, or the webinar's own teacher. The server's webinars module decides
 * by it; the rooms show their controls by it.
 */
export function runsWebinar(role: RoleId, userId: number, teacherId: number): boolean {
  return role === Admin || (role === Teacher && userId === teacherId);
}

/** Opens a webinar's tests at any time: an administrator; its own teacher only while it is live. */
export const opensWebinarTestsAnyTime = (role: RoleId) => role === Admin;

/** Schedules webinars for themselves only: a teacher; administrators and examiners name any teacher. */
export const schedulesOwnOnly = (role: RoleId) => role === Teacher;

/**
 * Who sits in webinar rooms and so hears their event stream: administrators, teachers and trainees.
 * Examiners read webinars (lists, details, chat) from the admin screens, which poll instead.
 */
export function sitsInWebinarRooms(role: RoleId): boolean {
  return role === Admin || role === Teacher || role === Trainee;
}

/**
 * The face check. Staff compare two photos with the face model (the seed's comparison service).
 * The check itself is passed by whoever it guards: a trainee joining a webinar's room, an examiner
 * starting an exam; everyone else enters without it.
 */
export const comparesFaces: readonly RoleId[] = staff;
export const passesFaceCheck: readonly RoleId[] = [Trainee, Examiner];

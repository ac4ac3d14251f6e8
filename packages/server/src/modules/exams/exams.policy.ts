import { ALL_ROLES, canUse, EXAM_FIELDS, EXAM_STATUS, type ExamField, type ExamStatus, isAmong, Role, staff } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth-user.js';

/** Who asks: the rules need only the person and their role. */
type Caller = Pick<AuthUser, 'id' | 'roleId'>;

/**
 * Who may do what with exams: the routes' access declarations, and the rules the service applies
 * to an exam once it has read it (its examiners, regions and signatures).
 */
export const examsAccess = {
  /** GET /api/exam/getexam: staff read the catalogue, trainees and region accounts their own exams */
  list: { access: { roles: ALL_ROLES } },
  /** the exam form and its pickers: /admin/exam (administrators, teachers, examiners) */
  manage: forSection('exam'),
  /** deleting an exam: administrators only (the card and certificates rest on it) */
  remove: { access: { roles: [Role.Admin] } },
  /** completing and voting: examiners (the service checks they examine that exam) */
  examiners: { access: { roles: [Role.Examiner] } },
  /** the exam's table and live room: administrators, its examiners, its region accounts */
  room: { access: { roles: [Role.Admin, Role.Examiner, Role.Region] } },
} as const;

interface ExamPeople {
  examiner_ids: number[];
  region_ids: number[];
}

/** Reads the whole catalogue of exams (the /admin/exam screen): administrators, teachers, examiners. */
export const readsCatalogue = (user: Caller) => isAmong(staff, user.roleId);

/**
 * Which exams are read, and as whose: the whole catalogue (`{}`); a trainee's, those they take part
 * in, with their own results and votes; a region account's, those that include its region, with its
 * participants only. The repository reads by this value, never by a role.
 */
export interface ExamScope {
  trainee?: number;
  region?: number;
}

/** Every exam, every region's participants: the catalogue's and the report card's scope. */
export const EVERY_EXAM: ExamScope = Object.freeze({});

/** The scope is the whole catalogue (always paged), not a trainee's or region account's own exams. */
export const isCatalogue = (scope: ExamScope) => scope.trainee === undefined && scope.region === undefined;

/**
 * The exams the caller may see at all: staff the whole catalogue, a trainee those they take part
 * in, a region account those that include its region; null for anyone else (403).
 */
export function examScopeOf(user: Caller): ExamScope | null {
  if (user.roleId === Role.Trainee) return { trainee: user.id };
  if (user.roleId === Role.Region) return { region: user.id };
  return readsCatalogue(user) ? EVERY_EXAM : null;
}

/** One of the exam's examiners. */
export const examines = (user: Caller, exam: ExamPeople) => user.roleId === Role.Examiner && exam.examiner_ids.includes(user.id);

/** A region account the exam includes. */
export const isExamRegion = (user: Caller, exam: ExamPeople) => user.roleId === Role.Region && exam.region_ids.includes(user.id);

/** Reads every region's table and the room: an administrator, or one of the exam's examiners. */
export const readsWholeExam = (user: Caller, exam: ExamPeople) => user.roleId === Role.Admin || examines(user, exam);

/** Hears the exam's live room: its examiners, its region accounts, administrators. */
export const sitsInExamRoom = (user: Caller, exam: ExamPeople) => readsWholeExam(user, exam) || isExamRegion(user, exam);

/**
 * A trainee's results (of `traineeRegion`) reach the room's stream of `user`: the exam's examiners and
 * administrators hear every region's, a region account only its own trainees'.
 */
export const hearsResultsOf = (user: Caller, traineeRegion: number | null) => user.roleId !== Role.Region || traineeRegion === user.id;

/**
 * An examiner's own list: GET /api/exam/getexam without `page` answers an examiner the exams they
 * examine (/admin/report-card); with `page` the whole catalogue (/admin/exam).
 */
export const wantsOwnExams = (user: Caller, page: number | undefined) => user.roleId === Role.Examiner && page === undefined;

// ——— who may change which of an exam's fields ———

/** What of a stored exam decides who may change which of its form's fields. */
export interface ExamEditState {
  status: ExamStatus;
  /** an examiner voted on one of its trainees */
  voted: boolean;
  /** an examiner signed its report card */
  signed: boolean;
  created_by: number | null;
}

/** Why fields of the exam form are read-only to the caller: a message key (exams.messages). */
export type ExamLock = 'exam_lock_signed' | 'exam_lock_voted' | 'exam_lock_begun' | 'exam_lock_admin_only' | 'exam_lock_read_only';

const NAME_ONLY: readonly ExamField[] = ['Name'];
const NOTHING: readonly ExamField[] = [];

/**
 * What the caller's role lets them change: an administrator everything; a teacher or examiner (the
 * form's other roles) only the name, and only of an exam they created — who examines, whom, on what
 * and when is never theirs to decide: otherwise an examiner could rewrite another's exam and certify it alone.
 */
function fieldsOfRole(user: Caller, exam: ExamEditState): readonly ExamField[] {
  if (user.roleId === Role.Admin) return EXAM_FIELDS;
  if (canUse('exam', user.roleId) && exam.created_by === user.id) return NAME_ONLY;
  return NOTHING;
}

/**
 * What the exam's state leaves open to anyone: everything before it begins; once it has begun or
 * has a vote, the name only (the exam has no description); nothing once signed — the signed card is
 * final, and it prints the name.
 */
function fieldsOfState(exam: ExamEditState): readonly ExamField[] {
  if (exam.signed) return NOTHING;
  if (exam.voted || exam.status !== EXAM_STATUS.Waiting) return NAME_ONLY;
  return EXAM_FIELDS;
}

/**
 * The fields the caller may change now and, when that is not all of them, why: the one rule both
 * the answer's EditableFields/LockReason and the save follow. The reason told is the signed card
 * first (it binds everyone), then the caller's role, then the exam's start or a vote.
 */
export function examEditing(user: Caller, exam: ExamEditState): { fields: ExamField[]; lock: ExamLock | null } {
  const byRole = fieldsOfRole(user, exam);
  const fields = fieldsOfState(exam).filter((field) => byRole.includes(field));
  let lock: ExamLock | null = null;
  if (exam.signed) lock = 'exam_lock_signed';
  else if (byRole.length === 0) lock = 'exam_lock_read_only';
  else if (exam.voted) lock = 'exam_lock_voted';
  else if (exam.status !== EXAM_STATUS.Waiting) lock = 'exam_lock_begun';
  else if (fields.length < EXAM_FIELDS.length) lock = 'exam_lock_admin_only';
  return { fields, lock };
}

/** A change refused: for want of the role, by the signed card, or by the exam's start or a vote. */
export interface ExamChangeRefusal {
  reason: 'role' | 'signed' | 'frozen';
  field: ExamField;
}

/**
 * Why the caller may not make these changes, if they may not: `role` (403) when a field is not theirs
 * to change at all, else `signed` (409) once the card is signed, else `frozen` (422) when the exam's
 * state holds a field; null when every change is allowed.
 */
export function examChangeRefusal(user: Caller, exam: ExamEditState, changed: readonly ExamField[]): ExamChangeRefusal | null {
  const byRole = fieldsOfRole(user, exam);
  const notTheirs = changed.find((field) => !byRole.includes(field));
  if (notTheirs) return { reason: 'role', field: notTheirs };
  const open = fieldsOfState(exam);
  const held = changed.find((field) => !open.includes(field));
  if (held) return { reason: exam.signed ? 'signed' : 'frozen', field: held };
  return null;
}

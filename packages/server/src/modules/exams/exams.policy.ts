import { ALL_ROLES, Role } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth.service.js';

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
export const readsCatalogue = (user: Caller) => user.roleId === Role.Admin || user.roleId === Role.Teacher || user.roleId === Role.Examiner;

/** One of the exam's examiners. */
export const examines = (user: Caller, exam: ExamPeople) => user.roleId === Role.Examiner && exam.examiner_ids.includes(user.id);

/** A region account the exam includes. */
export const isExamRegion = (user: Caller, exam: ExamPeople) => user.roleId === Role.Region && exam.region_ids.includes(user.id);

/** Reads every region's table and the room: an administrator, or one of the exam's examiners. */
export const readsWholeExam = (user: Caller, exam: ExamPeople) => user.roleId === Role.Admin || examines(user, exam);

/** Hears the exam's live room: its examiners, its region accounts, administrators. */
export const sitsInExamRoom = (user: Caller, exam: ExamPeople) => readsWholeExam(user, exam) || isExamRegion(user, exam);

/**
 * An examiner's own list: GET /api/exam/getexam without `page` answers an examiner the exams they
 * examine (/admin/report-card); with `page` the whole catalogue (/admin/exam).
 */
export const wantsOwnExams = (user: Caller, page: number | undefined) => user.roleId === Role.Examiner && page === undefined;

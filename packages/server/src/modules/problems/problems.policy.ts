import { answersQuestions, asksQuestions, Role, readsQuestionInbox } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { ReadSide } from './problems.repository.js';

/**
 * Who may do what with question threads: a thread is between its trainee and the webinar's teacher;
 * an administrator reads every thread and writes in none.
 */
export const problemsAccess = {
  /** reading threads: trainees (their webinars), teachers (their questions inbox), administrators (read-only inbox) */
  readers: { access: { roles: [...asksQuestions, ...readsQuestionInbox] } },
  /** asking: trainees */
  askers: forSection('learnerWebinars'),
  /** writing in and marking a thread: its two parties */
  parties: { access: { roles: [...asksQuestions, ...answersQuestions] } },
} as const;

type Thread = { user_id: number; teacher_id: number };

/** Which threads the caller lists: a trainee their own, a teacher their webinars', an administrator all. */
export const threadsOf = (user: AuthUser): { userId?: number; teacherId?: number } =>
  user.roleId === Role.Trainee ? { userId: user.id } : user.roleId === Role.Teacher ? { teacherId: user.id } : {};

/** The caller's side in a thread they take part in (its trainee or its webinar's teacher); null for anyone else. */
export const sideIn = (user: AuthUser, thread: Thread): ReadSide | null => {
  if (user.roleId === Role.Trainee && thread.user_id === user.id) return 'learner';
  if (user.roleId === Role.Teacher && thread.teacher_id === user.id) return 'teacher';
  return null;
};

/** Whose reading a list shows: trainees their own, teachers (and administrators watching them) the teacher's. */
export const readingSide = (user: AuthUser): ReadSide => (user.roleId === Role.Trainee ? 'learner' : 'teacher');

/** Sees a thread's answer: an administrator, or one of the thread's parties. */
export const seesAnswer = (user: AuthUser, answer: { trainee_id: number; teacher_id: number }) =>
  user.roleId === Role.Admin || user.id === answer.trainee_id || user.id === answer.teacher_id;

/** Attaches files to an answer: its author only. */
export const attachesTo = (user: AuthUser, answer: { author_id: number }) => answer.author_id === user.id;

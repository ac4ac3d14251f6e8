import { describe, expect, it } from 'vitest';
import { ADMIN, OTHER_TEACHER, TEACHER, TRAINEE } from '../../test/callers.js';
import { admits, expectAdmits, expectEveryRole } from '../../test/roles.js';
import { attachesTo, problemsAccess, readingSide, seesAnswer, sideIn, threadsOf } from './problems.policy.js';

/** A thread neither of whose parties is any of the callers of `expectEveryRole`. */
const othersThread = { user_id: 30, teacher_id: OTHER_TEACHER.id };

describe('problems policy', () => {
  it('lets trainees ask, the two parties write, and administrators read every thread but write in none', () => {
    expectAdmits(problemsAccess.readers, { signedOut: false, admin: true, examiner: false, trainee: true, teacher: true, region: false });
    expectAdmits(problemsAccess.askers, { signedOut: false, admin: false, examiner: false, trainee: true, teacher: false, region: false });
    expectAdmits(problemsAccess.parties, { signedOut: false, admin: false, examiner: false, trainee: true, teacher: true, region: false });
  });

  it('lists a trainee’s own threads, a teacher’s webinars’, an administrator’s all', () => {
    const listed = (user: typeof ADMIN) => (admits(problemsAccess.readers)(user) ? threadsOf(user) : 'refused');
    expectEveryRole(listed, {
      admin: {},
      examiner: 'refused',
      trainee: { userId: TRAINEE.id },
      teacher: { teacherId: TEACHER.id },
      region: 'refused',
    });
    expectEveryRole(readingSide, { admin: 'teacher', examiner: 'teacher', trainee: 'learner', teacher: 'teacher', region: 'teacher' });
  });

  it('gives a thread’s two parties their side, nobody else one', () => {
    expect(sideIn(TRAINEE, { user_id: TRAINEE.id, teacher_id: OTHER_TEACHER.id })).toBe('learner');
    expect(sideIn(TEACHER, { user_id: 30, teacher_id: TEACHER.id })).toBe('teacher');
    // a teacher who asked nothing and a trainee who teaches nothing, whatever their ids
    expect(sideIn(TEACHER, { user_id: TEACHER.id, teacher_id: OTHER_TEACHER.id })).toBeNull();
    expect(sideIn(TRAINEE, { user_id: 30, teacher_id: TRAINEE.id })).toBeNull();
    expectEveryRole((user) => sideIn(user, othersThread), { admin: null, examiner: null, trainee: null, teacher: null, region: null });
  });

  it('shows an answer to its parties and administrators; files go only to its author', () => {
    const answer = { trainee_id: TRAINEE.id, teacher_id: TEACHER.id, author_id: TEACHER.id };
    expect([TRAINEE, TEACHER, OTHER_TEACHER].map((user) => seesAnswer(user, answer))).toEqual([true, true, false]);
    const othersAnswer = { trainee_id: othersThread.user_id, teacher_id: othersThread.teacher_id };
    expectEveryRole((user) => seesAnswer(user, othersAnswer), {
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
    expect([TEACHER, TRAINEE, ADMIN].map((user) => attachesTo(user, answer))).toEqual([true, false, false]);
  });
});

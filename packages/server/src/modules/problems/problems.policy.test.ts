import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, EXAMINER, OTHER_TEACHER, TEACHER, TRAINEE } from '../../test/callers.js';
import { attachesTo, problemsAccess, readingSide, seesAnswer, sideIn, threadsOf } from './problems.policy.js';

const thread = { user_id: TRAINEE.id, teacher_id: TEACHER.id };

describe('problems policy', () => {
  it('lists a trainee’s own threads, a teacher’s webinars’, an administrator’s all', () => {
    expect(threadsOf(TRAINEE)).toEqual({ userId: TRAINEE.id });
    expect(threadsOf(TEACHER)).toEqual({ teacherId: TEACHER.id });
    expect(threadsOf(ADMIN)).toEqual({});
  });

  it('gives a thread’s two parties their side, nobody else one (administrators read, never write)', () => {
    expect(sideIn(TRAINEE, thread)).toBe('learner');
    expect(sideIn(TEACHER, thread)).toBe('teacher');
    expect(sideIn(OTHER_TEACHER, thread)).toBeNull();
    expect(sideIn({ ...TRAINEE, id: 99 }, thread)).toBeNull();
    expect(sideIn(ADMIN, thread)).toBeNull();
    expect([TRAINEE, TEACHER, ADMIN].map(readingSide)).toEqual(['learner', 'teacher', 'teacher']);
  });

  it('shows an answer to its parties and administrators; files go only to its author', () => {
    const answer = { trainee_id: TRAINEE.id, teacher_id: TEACHER.id, author_id: TEACHER.id };
    expect([ADMIN, TRAINEE, TEACHER, OTHER_TEACHER, EXAMINER].map((u) => seesAnswer(u, answer))).toEqual([true, true, true, false, false]);
    expect(attachesTo(TEACHER, answer)).toBe(true);
    expect(attachesTo(TRAINEE, answer)).toBe(false);
  });

  it('lets administrators read threads but not take part', () => {
    expect(problemsAccess.readers.access.roles).toContain(Role.Admin);
    expect(problemsAccess.parties.access.roles).toEqual([Role.Trainee, Role.Teacher]);
    expect(problemsAccess.askers.access.roles).toEqual([Role.Trainee]);
  });
});

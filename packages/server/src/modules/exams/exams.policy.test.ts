import { ALL_ROLES, Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, caller, EXAMINER, REGION, TEACHER, TRAINEE } from '../../test/callers.js';
import { examines, examsAccess, isExamRegion, readsCatalogue, readsWholeExam, sitsInExamRoom, wantsOwnExams } from './exams.policy.js';

const exam = { examiner_ids: [EXAMINER.id], region_ids: [REGION.id] };
const OTHER_EXAMINER = caller(Role.Examiner, 20);
const OTHER_REGION = caller(Role.Region, 50);

describe('exams policy', () => {
  it('lets administrators, teachers and examiners read the catalogue', () => {
    expect([ADMIN, TEACHER, EXAMINER, TRAINEE, REGION].map(readsCatalogue)).toEqual([true, true, true, false, false]);
  });

  it('knows the exam’s own examiners and regions only', () => {
    expect([ADMIN, EXAMINER, OTHER_EXAMINER, REGION].map((u) => examines(u, exam))).toEqual([false, true, false, false]);
    expect([ADMIN, REGION, OTHER_REGION, EXAMINER].map((u) => isExamRegion(u, exam))).toEqual([false, true, false, false]);
    // an id that happens to be an examiner's is no region (roles are checked too)
    expect(isExamRegion(caller(Role.Region, EXAMINER.id), exam)).toBe(false);
  });

  it('shows every region to administrators and the exam’s examiners, the room also to its regions', () => {
    expect([ADMIN, EXAMINER, OTHER_EXAMINER, REGION, TEACHER, TRAINEE].map((u) => readsWholeExam(u, exam))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([ADMIN, EXAMINER, OTHER_EXAMINER, REGION, OTHER_REGION, TEACHER, TRAINEE].map((u) => sitsInExamRoom(u, exam))).toEqual([
      true,
      true,
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('gives an examiner their own exams without a page, the catalogue with one', () => {
    expect(wantsOwnExams(EXAMINER, undefined)).toBe(true);
    expect(wantsOwnExams(EXAMINER, 1)).toBe(false);
    expect(wantsOwnExams(ADMIN, undefined)).toBe(false);
  });

  it('declares the roles of each group of routes', () => {
    expect(examsAccess.list.access.roles).toEqual(ALL_ROLES);
    expect(examsAccess.manage.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner]);
    expect(examsAccess.examiners.access.roles).toEqual([Role.Examiner]);
    expect(examsAccess.room.access.roles).toEqual([Role.Admin, Role.Examiner, Role.Region]);
  });
});

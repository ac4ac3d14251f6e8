import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, EXAMINER, TEACHER, TRAINEE } from '../../test/callers.js';
import { readsAsLearner, testsAccess } from './tests.policy.js';

describe('tests policy', () => {
  it('lets staff manage tests and trainees also read one', () => {
    expect(testsAccess.manage.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner]);
    expect(testsAccess.read.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner, Role.Trainee]);
  });

  it('has a trainee read a test through the testing engine, staff the admin shape', () => {
    expect([ADMIN, EXAMINER, TEACHER, TRAINEE].map(readsAsLearner)).toEqual([false, false, false, true]);
  });
});

import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, EXAMINER, REGION, TEACHER, TRAINEE } from '../../test/callers.js';
import { attemptsAccess, isTestingStaff, takesTests } from './attempts.policy.js';

describe('attempts policy', () => {
  it('has trainees take tests and staff read them; the region role neither', () => {
    expect([ADMIN, EXAMINER, TRAINEE, TEACHER, REGION].map(takesTests)).toEqual([false, false, true, false, false]);
    expect([ADMIN, EXAMINER, TRAINEE, TEACHER, REGION].map(isTestingStaff)).toEqual([true, true, false, true, false]);
  });

  it('keeps the learner routes to trainees', () => {
    expect(attemptsAccess.learner.access.roles).toEqual([Role.Trainee]);
    expect(attemptsAccess.traineesAndStaff.access.roles).not.toContain(Role.Region);
  });
});

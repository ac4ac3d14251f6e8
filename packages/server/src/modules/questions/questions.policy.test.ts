import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { questionsAccess } from './questions.policy.js';

describe('questions policy', () => {
  it('lets administrators, teachers and examiners manage questions; never trainees', () => {
    expect(questionsAccess.manage.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner]);
  });
});

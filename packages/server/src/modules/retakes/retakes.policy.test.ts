import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { retakesAccess, takesRetakes } from './retakes.policy.js';

describe('retakes policy', () => {
  it('lets administrators and examiners manage retakes', () => {
    expect(retakesAccess.manage.access.roles).toEqual([Role.Admin, Role.Examiner]);
  });

  it('assigns retakes to trainees only', () => {
    expect([Role.Admin, Role.Examiner, Role.Trainee, Role.Teacher, Role.Region].map((role_id) => takesRetakes({ role_id }))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  });
});

import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { plansAccess } from './plans.policy.js';

describe('plans policy', () => {
  it('keeps the plans screen to administrators and gives the test screens’ pickers to their staff', () => {
    expect(plansAccess.manage.access.roles).toEqual([Role.Admin]);
    expect(plansAccess.pickers.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner]);
  });
});

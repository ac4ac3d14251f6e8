import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/callers.js';
import { expectAdmits } from '../../test/roles.js';
import { locksSelfOut, usersAccess } from './users.policy.js';

describe('users policy', () => {
  it('keeps the users screen to administrators; pickers follow the screens that use them', () => {
    expectAdmits(usersAccess.manage, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false });
    // the webinar form picks a teacher, the exam form region accounts: both forms are staff's
    expectAdmits(usersAccess.teacherPicker, {
      signedOut: false,
      admin: true,
      examiner: true,
      trainee: false,
      teacher: true,
      region: false,
    });
    expectAdmits(usersAccess.regionPicker, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: true, region: false });
  });

  it('refuses an administrator blocking themselves or giving up their role, not editing others', () => {
    expect(locksSelfOut(ADMIN, ADMIN.id, { blocks: true, roleId: Role.Admin })).toBe(true);
    expect(locksSelfOut(ADMIN, ADMIN.id, { blocks: false, roleId: Role.Examiner })).toBe(true);
    expect(locksSelfOut(ADMIN, ADMIN.id, { blocks: false, roleId: Role.Admin })).toBe(false);
    expect(locksSelfOut(ADMIN, 77, { blocks: true, roleId: Role.Trainee })).toBe(false);
  });
});

import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/callers.js';
import { locksSelfOut, usersAccess } from './users.policy.js';

describe('users policy', () => {
  it('keeps the users screen to administrators; pickers follow the screens that use them', () => {
    expect(usersAccess.manage.access.roles).toEqual([Role.Admin]);
    expect(usersAccess.teacherPicker.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner]);
    expect(usersAccess.regionPicker.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner]);
  });

  it('refuses an administrator blocking themselves or giving up their role, not editing others', () => {
    expect(locksSelfOut(ADMIN, ADMIN.id, { blocks: true, roleId: Role.Admin })).toBe(true);
    expect(locksSelfOut(ADMIN, ADMIN.id, { blocks: false, roleId: Role.Examiner })).toBe(true);
    expect(locksSelfOut(ADMIN, ADMIN.id, { blocks: false, roleId: Role.Admin })).toBe(false);
    expect(locksSelfOut(ADMIN, 77, { blocks: true, roleId: Role.Trainee })).toBe(false);
  });
});

import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { filesAccess, setsPersonPhoto, setsQuestionImage, uploadsTo } from './files.policy.js';

const ROLES = [Role.Admin, Role.Examiner, Role.Trainee, Role.Teacher, Role.Region];

describe('files policy', () => {
  it('admits to each /uploadF target only the roles that use it', () => {
    expect(ROLES.map((role) => uploadsTo('preview', role))).toEqual([true, true, false, true, false]);
    expect(ROLES.map((role) => uploadsTo('document', role))).toEqual([true, false, false, true, false]);
    expect(ROLES.map((role) => uploadsTo('answer', role))).toEqual([false, false, true, true, false]);
    expect(uploadsTo('certificate', Role.Trainee)).toBe(false);
    expect(uploadsTo('certificate', Role.Admin)).toBe(true);
  });

  it('lets the image route in for people or questions and then checks the one the upload names', () => {
    const admitted: readonly number[] = filesAccess.images.access.roles;
    for (const role of ROLES) expect(admitted.includes(role)).toBe(setsPersonPhoto(role) || setsQuestionImage(role));
    expect(setsPersonPhoto(Role.Trainee)).toBe(false);
    expect(filesAccess.stored.access).toEqual({ public: true });
  });
});

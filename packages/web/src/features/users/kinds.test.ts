import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { PERSON_KINDS } from './kinds';

describe('PERSON_KINDS', () => {
  it('fixes the role of each screen as the spec does (2, 4, 5)', () => {
    expect(PERSON_KINDS.examiner.role).toBe(Role.Examiner);
    expect(PERSON_KINDS.teacher.role).toBe(Role.Teacher);
    expect(PERSON_KINDS.audience.role).toBe(Role.Region);
  });

  it('uses the spec routes', () => {
    expect(PERSON_KINDS.examiner.editPath(7)).toBe('/admin/edit-examiner/7');
    expect(PERSON_KINDS.teacher.createPath).toBe('/admin/create-recording-webinar');
    expect(PERSON_KINDS.teacher.editPath(7)).toBe('/admin/edit-recording-webinar/7');
    expect(PERSON_KINDS.audience.createPath).toBe('/admin/create-audience-exam');
    expect(PERSON_KINDS.audience.editPath(7)).toBe('/admin/edit-audience-exam/7');
  });
});

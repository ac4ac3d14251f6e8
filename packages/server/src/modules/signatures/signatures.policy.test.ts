import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { signaturesAccess } from './signatures.policy.js';

describe('signatures policy', () => {
  it('lets administrators and examiners reach the report card and its signatures, nobody else', () => {
    expect(signaturesAccess.reportCard.access.roles).toEqual([Role.Admin, Role.Examiner]);
    for (const role of [Role.Teacher, Role.Trainee, Role.Region]) expect(signaturesAccess.reportCard.access.roles).not.toContain(role);
  });
});

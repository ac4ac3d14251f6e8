import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { systemAccess } from './system.policy.js';

describe('system policy', () => {
  it('keeps the health checks and settings open and the role matrix to administrators', () => {
    expectAdmits(systemAccess.open, { signedOut: true, admin: true, examiner: true, trainee: true, teacher: true, region: true });
    expectAdmits(systemAccess.roles, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false });
  });
});

import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { visitLogAccess } from './visit-log.policy.js';

describe('visit log policy', () => {
  it('lets only administrators read the visit log', () => {
    expectAdmits(visitLogAccess.read, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false });
  });
});

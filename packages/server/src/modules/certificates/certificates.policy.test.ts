import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { certificatesAccess } from './certificates.policy.js';

describe('certificates policy', () => {
  it('keeps the certificates screen to administrators', () => {
    expectAdmits(certificatesAccess.manage, {
      signedOut: false,
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
  });
});

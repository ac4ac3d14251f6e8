import { describe, it } from 'vitest';
import { ADMINISTRATORS_ONLY, expectAdmits } from '../../test/roles.js';
import { certificatesAccess } from './certificates.policy.js';

describe('certificates policy', () => {
  it('keeps the certificates screen to administrators', () => {
    expectAdmits(certificatesAccess.manage, ADMINISTRATORS_ONLY);
  });
});

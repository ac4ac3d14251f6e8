import { describe, expect, it } from 'vitest';
import { ADMINISTRATORS_ONLY, expectAdmits, TRAINEES_ONLY } from '../../test/roles.js';
import { issuedCertificatesAccess } from './issued-certificates.policy.js';

describe('issued certificates policy', () => {
  it('gives trainees their own certificates and administrators the list, revoking and the preview', () => {
    expectAdmits(issuedCertificatesAccess.own, TRAINEES_ONLY);
    expectAdmits(issuedCertificatesAccess.manage, ADMINISTRATORS_ONLY);
    expectAdmits(issuedCertificatesAccess.preview, ADMINISTRATORS_ONLY);
  });

  it('lets anyone verify a code, counting the calls per address', () => {
    expectAdmits(issuedCertificatesAccess.verify, {
      signedOut: true,
      admin: true,
      examiner: true,
      trainee: true,
      teacher: true,
      region: true,
    });
    // nobody is signed in on the public page: the calls are counted per address
    const counter = issuedCertificatesAccess.verify.rateLimit.keyGenerator as (request: object) => string;
    expect(counter({ ip: '203.0.113.7' })).toBe(counter({ ip: '203.0.113.7' }));
    expect(counter({ ip: '203.0.113.7' })).not.toBe(counter({ ip: '198.51.100.1' }));
  });
});

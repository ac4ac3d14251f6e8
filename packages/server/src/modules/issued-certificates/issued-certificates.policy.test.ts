import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { issuedCertificatesAccess, VERIFY_CALLS_PER_MINUTE } from './issued-certificates.policy.js';

describe('issued certificates policy', () => {
  it('gives trainees their own certificates and administrators the list, revoking and the preview', () => {
    expect(issuedCertificatesAccess.own.access).toEqual({ roles: [Role.Trainee], section: 'learnerCertificates' });
    expect(issuedCertificatesAccess.manage.access).toEqual({ roles: [Role.Admin], section: 'issuedCertificates' });
    expect(issuedCertificatesAccess.preview.access).toEqual({ roles: [Role.Admin], section: 'certificates' });
  });

  it('lets anyone verify a code, within a per-address limit', () => {
    expect(issuedCertificatesAccess.verify.access).toEqual({ public: true });
    const { rateLimit } = issuedCertificatesAccess.verify;
    expect(rateLimit).toMatchObject({ max: VERIFY_CALLS_PER_MINUTE, timeWindow: 60_000 });
    // nobody is signed in on the public page: the calls are counted per address
    expect((rateLimit.keyGenerator as (request: object) => string)({ ip: '203.0.113.7' })).toBe('address:203.0.113.7');
  });
});

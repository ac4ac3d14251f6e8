import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { caller } from '../../test/callers.js';
import { expectAdmits } from '../../test/roles.js';
import { signaturesAccess } from './signatures.policy.js';

describe('signatures policy', () => {
  it('lets administrators read the report card and examiners sign it, nobody else', () => {
    expectAdmits(signaturesAccess.reportCard, {
      signedOut: false,
      admin: true,
      examiner: true,
      trainee: false,
      teacher: false,
      region: false,
    });
    expectAdmits(signaturesAccess.sign, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: false, region: false });
    expectAdmits(signaturesAccess.signerCheck, {
      signedOut: false,
      admin: false,
      examiner: true,
      trainee: false,
      teacher: false,
      region: false,
    });
  });

  it('counts signing and key checks per person, wherever they call from', () => {
    for (const { rateLimit } of [signaturesAccess.sign, signaturesAccess.signerCheck]) {
      const counter = rateLimit.keyGenerator as (request: object) => string;
      const examiner = (id: number, ip: string) => counter({ user: caller(Role.Examiner, id), ip });
      expect(examiner(2, '203.0.113.7')).toBe(examiner(2, '198.51.100.1'));
      expect(examiner(2, '203.0.113.7')).not.toBe(examiner(20, '203.0.113.7'));
    }
  });
});

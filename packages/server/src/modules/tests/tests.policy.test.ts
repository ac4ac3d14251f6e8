import { describe, it } from 'vitest';
import { expectAdmits, expectEveryRole } from '../../test/roles.js';
import { readsAsLearner, testsAccess } from './tests.policy.js';

describe('tests policy', () => {
  it('lets staff manage tests and trainees also read one', () => {
    expectAdmits(testsAccess.manage, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: true, region: false });
    expectAdmits(testsAccess.read, { signedOut: false, admin: true, examiner: true, trainee: true, teacher: true, region: false });
  });

  it('has a trainee read a test through the testing engine, staff the admin shape', () => {
    expectEveryRole(readsAsLearner, { admin: false, examiner: false, trainee: true, teacher: false, region: false });
  });
});

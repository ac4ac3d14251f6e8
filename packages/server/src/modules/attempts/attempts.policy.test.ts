import { describe, it } from 'vitest';
import { expectAdmits, expectEveryRole } from '../../test/roles.js';
import { attemptsAccess, isTestingStaff, takesTests } from './attempts.policy.js';

describe('attempts policy', () => {
  it('has trainees take tests and staff read them; the region role neither', () => {
    expectEveryRole(takesTests, { admin: false, examiner: false, trainee: true, teacher: false, region: false });
    expectEveryRole(isTestingStaff, { admin: true, examiner: true, trainee: false, teacher: true, region: false });
  });

  it('keeps the learner routes to trainees and the shared ones from the region role', () => {
    expectAdmits(attemptsAccess.learner, { signedOut: false, admin: false, examiner: false, trainee: true, teacher: false, region: false });
    expectAdmits(attemptsAccess.traineesAndStaff, {
      signedOut: false,
      admin: true,
      examiner: true,
      trainee: true,
      teacher: true,
      region: false,
    });
  });
});

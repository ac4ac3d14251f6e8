import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { plansAccess } from './plans.policy.js';

describe('plans policy', () => {
  it('keeps the plans screen to administrators and gives the test screens’ pickers to their staff', () => {
    expectAdmits(plansAccess.manage, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false });
    expectAdmits(plansAccess.pickers, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: true, region: false });
  });
});

import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { topicsAccess } from './topics.policy.js';

describe('topics policy', () => {
  it('keeps the themes screen to administrators', () => {
    expectAdmits(topicsAccess.manage, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false });
  });
});

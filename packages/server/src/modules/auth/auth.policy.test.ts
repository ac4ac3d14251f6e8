import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { authAccess } from './auth.policy.js';

describe('auth policy', () => {
  it('lets anyone try to sign in and everyone signed in manage their own session', () => {
    expectAdmits(authAccess.signIn, { signedOut: true, admin: true, examiner: true, trainee: true, teacher: true, region: true });
    expectAdmits(authAccess.own, { signedOut: false, admin: true, examiner: true, trainee: true, teacher: true, region: true });
  });
});

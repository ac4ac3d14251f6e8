import { ALL_ROLES } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { authAccess } from './auth.policy.js';

describe('auth policy', () => {
  it('lets anyone try to sign in and everyone signed in manage their own session', () => {
    expect(authAccess.signIn.access).toEqual({ public: true });
    expect(authAccess.own.access.roles).toEqual(ALL_ROLES);
  });
});

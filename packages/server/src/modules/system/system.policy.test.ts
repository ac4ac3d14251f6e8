import { Role, SECTIONS } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { systemAccess } from './system.policy.js';

describe('system policy', () => {
  it('keeps the health checks and settings open and the role matrix to whoever manages roles', () => {
    expect(systemAccess.open.access).toEqual({ public: true });
    expect(systemAccess.roles.access.roles).toEqual(SECTIONS.roles.roles);
    expect(systemAccess.roles.access.roles).not.toContain(Role.Trainee);
  });
});

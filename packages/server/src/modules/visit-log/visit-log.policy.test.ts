import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { visitLogAccess } from './visit-log.policy.js';

describe('visit log policy', () => {
  it('lets only administrators read the visit log', () => {
    expect(visitLogAccess.read.access).toEqual({ roles: [Role.Admin], section: 'visitorsLog' });
  });
});

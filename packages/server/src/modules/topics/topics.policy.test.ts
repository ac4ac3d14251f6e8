import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { topicsAccess } from './topics.policy.js';

describe('topics policy', () => {
  it('keeps the themes screen to administrators', () => {
    expect(topicsAccess.manage.access).toEqual({ roles: [Role.Admin], section: 'themes' });
  });
});

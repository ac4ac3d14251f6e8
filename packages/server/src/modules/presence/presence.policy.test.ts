import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { presenceAccess } from './presence.policy.js';

describe('presence policy', () => {
  it('lets the people of rooms ask for a room’s stream, not the region role', () => {
    expect(presenceAccess.roomPeople.access.roles).toEqual([Role.Admin, Role.Examiner, Role.Trainee, Role.Teacher]);
  });
});

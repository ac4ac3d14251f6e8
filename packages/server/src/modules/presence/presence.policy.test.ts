import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { presenceAccess } from './presence.policy.js';

describe('presence policy', () => {
  it('lets the people of rooms ask for a room’s stream, not the region role', () => {
    expectAdmits(presenceAccess.roomPeople, { signedOut: false, admin: true, examiner: true, trainee: true, teacher: true, region: false });
  });
});

import { describe, expect, it } from 'vitest';
import { ADMIN, TEACHER } from '../../test/callers.js';
import { expectAdmits, expectEveryRole } from '../../test/roles.js';
import { chatAccess, chatWriting } from './chat.policy.js';

describe('chat policy', () => {
  it('lets whoever runs the room write always, a trainee while live, other staff never', () => {
    expect([ADMIN, TEACHER].map((user) => chatWriting(user, { runsRoom: true }))).toEqual(['always', 'always']);
    expectEveryRole((user) => chatWriting(user, { runsRoom: false }), {
      admin: 'never',
      examiner: 'never',
      trainee: 'while_live',
      teacher: 'never',
      region: 'never',
    });
  });

  it('admits the people of rooms and examiners to the chat routes, not the region role', () => {
    expectAdmits(chatAccess.roomPeople, { signedOut: false, admin: true, examiner: true, trainee: true, teacher: true, region: false });
  });
});

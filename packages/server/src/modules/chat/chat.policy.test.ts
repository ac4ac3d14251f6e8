import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, EXAMINER, REGION, TEACHER, TRAINEE } from '../../test/callers.js';
import { chatAccess, chatWriting } from './chat.policy.js';

describe('chat policy', () => {
  it('lets whoever runs the room write always, a trainee while live, other staff never', () => {
    expect(chatWriting(TEACHER, { runsRoom: true })).toBe('always');
    expect(chatWriting(ADMIN, { runsRoom: true })).toBe('always');
    expect(chatWriting(TRAINEE, { runsRoom: false })).toBe('while_live');
    expect(chatWriting(EXAMINER, { runsRoom: false })).toBe('never');
    expect(chatWriting(TEACHER, { runsRoom: false })).toBe('never');
  });

  it('admits the people of rooms and examiners to the chat routes, not the region role', () => {
    expect(chatAccess.roomPeople.access.roles).toEqual([Role.Admin, Role.Examiner, Role.Trainee, Role.Teacher]);
    expect(chatAccess.roomPeople.access.roles).not.toContain(REGION.roleId);
  });
});

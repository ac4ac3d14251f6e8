import { everyoneButRegion, Role } from '@oqu/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import type { RoomAccess } from '../webinars/webinars.service.js';

/** Who may use a webinar's chat; which room is the webinars module's to tell (`roomAccess`, `assertReadable`). */
export const chatAccess = {
  /** people who may be in a room, and examiners reading it */
  roomPeople: { access: { roles: everyoneButRegion } },
} as const;

/**
 * When the caller may write in the room's chat: who runs the room (its teacher, an administrator)
 * always, before and after the webinar too; a trainee only while it is live; other staff never.
 */
export const chatWriting = (user: AuthUser, room: Pick<RoomAccess, 'runsRoom'>): 'always' | 'while_live' | 'never' =>
  room.runsRoom ? 'always' : user.roleId === Role.Trainee ? 'while_live' : 'never';

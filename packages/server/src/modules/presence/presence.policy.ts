import { everyoneButRegion } from '@oqu/contracts';

/** Who may open a room's event stream; which room is the webinars module's to tell (`roomAccess`: examiners get none). */
export const presenceAccess = {
  /** people who may be in a room */
  roomPeople: { access: { roles: everyoneButRegion } },
} as const;

import { Role } from '@oqu/contracts';

/** Who may open a room's event stream; which room is the webinars module's to tell (`roomAccess`: examiners get none). */
export const presenceAccess = {
  /** people who may be in a room */
  roomPeople: { access: { roles: [Role.Admin, Role.Examiner, Role.Trainee, Role.Teacher] } },
} as const;

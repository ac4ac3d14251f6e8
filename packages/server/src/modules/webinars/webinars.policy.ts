import { everyoneButRegion, Role, roomRunners, runsWebinar as runsWebinarRoom, schedulesOwnOnly } from '@oqu/contracts';
import type { MessageKey } from '../../i18n/messages.js';
import { forSection } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth-user.js';

/**
 * Who may do what with webinars: the routes' access declarations, and the ownership rules the
 * service applies to a webinar once it has read it.
 */
export const webinarsAccess = {
  /** the admin screens: lists, details, editing */
  manage: forSection('webinars'),
  /** the lists of the rooms a caller runs */
  runners: { access: { roles: roomRunners } },
  /** the trainee's screens */
  learner: forSection('learnerWebinars'),
  /** who reads a room: administrators, teachers and trainees take part; examiners read the admin screens */
  roomReaders: { access: { roles: everyoneButRegion } },
  /** who runs rooms: a webinar's teacher or an administrator (`runsWebinar` tells whose) */
  roomRunners: { access: { roles: roomRunners } },
  /** the stream's playlists, segments and the publisher's WebSocket: their signed token or ticket is the key */
  streamByToken: { access: { public: true } },
  /** deleting a recording */
  recordings: { access: { roles: [Role.Admin] } },
} as const;

type Webinar = { teacher_id: number };

/** Runs the webinar's room (starts, ends, documents, opens its tests): an administrator, or its own teacher. */
export const runsWebinar = (user: AuthUser, webinar: Webinar) => runsWebinarRoom(user.roleId, user.id, webinar.teacher_id);

/** Edits or deletes the webinar: an administrator or examiner any, a teacher their own. */
export const editsWebinar = (user: AuthUser, webinar: Webinar) => runsWebinar(user, webinar) || user.roleId === Role.Examiner;

/** Sits in the webinar's room as a learner: a trainee of the webinar's plan. */
export const attendsWebinar = (user: AuthUser, webinar: { plan_id: number; viewer_plan_id: number | null }) =>
  user.roleId === Role.Trainee && webinar.viewer_plan_id === webinar.plan_id;

/** Broadcasts the webinar's stream: its own teacher, nobody else (an administrator watches). */
export const publishesWebinar = (user: AuthUser, webinar: Webinar) => user.id === webinar.teacher_id;

/** Reads any webinar that is not archived without a room (the admin screens and the chat): an examiner. */
export const readsWithoutRoom = (user: AuthUser) => user.roleId === Role.Examiner;

/** Sees the staff side (openings, attendees) rather than their own standing: everyone but the trainee. */
export const isWebinarStaff = (user: AuthUser) => user.roleId !== Role.Trainee;

/** May name this teacher in a schedule: a teacher only themselves, an administrator or examiner anyone. */
export const maySchedule = (user: AuthUser, teacherId: number) => !schedulesOwnOnly(user.roleId) || teacherId === user.id;

/** The refusal for a webinar the caller may not run or edit: a teacher hears that it is not theirs. */
export const notOwnRefusal = (user: AuthUser): MessageKey => (user.roleId === Role.Teacher ? 'webinar_not_own' : 'forbidden');

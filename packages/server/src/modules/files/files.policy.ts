import { canUse, Role, type RoleId, SECTIONS } from '@oqu/contracts';
import { anySignedIn, forSection, publicRoute } from '../../plugins/access.js';

/**
 * Who may upload and delete files. Uploads are told apart by their fields, so a route admits every
 * role that may use one of its targets and the target's own rule is checked before the file is read.
 */
export const filesAccess = {
  /** a person's photo (section users) or a question's (section questions) */
  images: { access: { roles: [...new Set([...SECTIONS.users.roles, ...SECTIONS.questions.roles])] } },
  /** deleting a person's photo */
  people: forSection('users'),
  /** /uploadF: every target checks its own roles (`UPLOAD_ROLES`), its record's owner is checked by its service */
  documents: anySignedIn,
  /** stored files by their unguessable key: an <img> cannot send a bearer token */
  stored: publicRoute,
} as const;

/** The /uploadF targets and who may upload there (the owning service checks the record's owner after). */
export const UPLOAD_ROLES = {
  // whoever may edit a webinar
  preview: [Role.Admin, Role.Examiner, Role.Teacher],
  // whoever runs a room
  document: [Role.Admin, Role.Teacher],
  // the parties of a question thread, who write its answers
  answer: [Role.Trainee, Role.Teacher],
  certificate: SECTIONS.certificates.roles,
} as const satisfies Record<string, readonly RoleId[]>;
export type UploadTarget = keyof typeof UPLOAD_ROLES;

export const uploadsTo = (target: UploadTarget, roleId: RoleId) => (UPLOAD_ROLES[target] as readonly RoleId[]).includes(roleId);

/** Sets a question's photo: whoever edits questions. */
export const setsQuestionImage = (roleId: RoleId) => canUse('questions', roleId);

/** Adds a person's photo: whoever manages people. */
export const setsPersonPhoto = (roleId: RoleId) => canUse('users', roleId);

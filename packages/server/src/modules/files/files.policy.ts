import type { RoleId } from '@oqu/contracts';
import { anySignedIn, publicRoute } from '../../plugins/access.js';

/**
 * Who may upload and read files. An upload path is shared by targets told apart by their fields, and
 * each target has its own roles (registered by the module that keeps it), so a path admits every role
 * that one of its targets does, and the target's own roles are checked once the fields name it.
 */
export const filesAccess = {
  /** a path whose target is judged once the whole upload is read: only who may use one of its targets, so nobody else's file is read */
  uploadersOf: (targets: readonly { roles: readonly RoleId[] }[]) => ({
    access: { roles: [...new Set(targets.flatMap((target) => target.roles))] },
  }),
  /** a path whose target is judged by the fields before the file: the target refuses a caller before the file is read */
  judgedBeforeFile: anySignedIn,
  /** stored files by their unguessable key: an <img> cannot send a bearer token */
  stored: publicRoute,
} as const;

import { type RoleId, SECTIONS } from '@oqu/contracts';
import { forSection, publicRoute } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth-user.js';

/** Who may do what with SCORM packages. The routes declare these; the service asks `managesPackages`. */
export const scormAccess = {
  /** the administrator's SCORM screens: create, edit, delete, upload, download */
  manage: forSection('scorms'),
  /** GET /api/scorm/get: an administrator's list of every package, or a trainee's own */
  list: { access: { roles: [...new Set<RoleId>([...SECTIONS.scorms.roles, ...SECTIONS.learnerScorm.roles])] } },
  /** a trainee opens a package of their plan */
  launch: forSection('learnerScorm'),
  /** the content origin: no session is read there; the launch token in the request is the only key */
  content: publicRoute,
} as const;

/** Whether the caller sees every package (the administrator's list) rather than their plan's. */
export const managesPackages = (user: AuthUser) => (SECTIONS.scorms.roles as readonly RoleId[]).includes(user.roleId);

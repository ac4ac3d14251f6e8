import { forSection, publicRoute } from '../../plugins/access.js';

/** Who may call the platform's own calls. The routes declare these. */
export const systemAccess = {
  /** health checks and the time zone the web app needs before anyone signs in */
  open: publicRoute,
  /** the live role matrix: whoever manages roles */
  roles: forSection('roles'),
} as const;

import { forSection } from '../../plugins/access.js';

/** Who may read the visit log. The routes declare it. */
export const visitLogAccess = {
  /** the administrator's visit log screens */
  read: forSection('visitorsLog'),
} as const;

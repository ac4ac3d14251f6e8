import { forSection } from '../../plugins/access.js';

/** Who may do what with topics. The routes declare these. */
export const topicsAccess = {
  /** the themes screen */
  manage: forSection('themes'),
} as const;

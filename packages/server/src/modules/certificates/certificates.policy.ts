import { forSection } from '../../plugins/access.js';

/** Who may do what with certificates. The routes declare these. */
export const certificatesAccess = {
  /** the certificates screen */
  manage: forSection('certificates'),
} as const;

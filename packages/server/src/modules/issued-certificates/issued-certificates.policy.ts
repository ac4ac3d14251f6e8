import { forSection, publicRoute } from '../../plugins/access.js';
import { perPersonPerMinute } from '../../plugins/rate-limit.js';

/** Calls a minute from one address to the public verification: plenty for people, little for guessing codes. */
export const VERIFY_CALLS_PER_MINUTE = 30;

/** Who may do what with issued certificates. The routes declare these. */
export const issuedCertificatesAccess = {
  /** the trainee's own certificates */
  own: forSection('learnerCertificates'),
  /** the administrator's list, and revoking */
  manage: forSection('issuedCertificates'),
  /** the certificate template form's preview */
  preview: forSection('certificates'),
  /** anyone holding a code, counted per client address */
  verify: { ...publicRoute, ...perPersonPerMinute(VERIFY_CALLS_PER_MINUTE) },
} as const;

import { Role } from '@oqu/contracts';
import { perPersonPerMinute } from '../../plugins/rate-limit.js';

/**
 * Signatures a minute one examiner may send: each is verified (chain, revocation, GOST arithmetic),
 * which a person signing needs a few times, and a script looping over it must not get.
 */
export const SIGN_CALLS_PER_MINUTE = 10;
/** Keys a minute one examiner may try against the server's trust before signing. */
export const SIGNER_CHECKS_PER_MINUTE = 20;

/**
 * Who may call the signature routes: examiners (who sign) and administrators (who read). Whether
 * the caller may read or sign this exam's card — an examiner of that exam — the exams service says.
 */
export const signaturesAccess = {
  reportCard: { access: { roles: [Role.Admin, Role.Examiner] } },
  sign: { access: { roles: [Role.Admin, Role.Examiner] }, ...perPersonPerMinute(SIGN_CALLS_PER_MINUTE) },
  /** the key an examiner opened, checked before the browser says it fits */
  signerCheck: { access: { roles: [Role.Examiner] }, ...perPersonPerMinute(SIGNER_CHECKS_PER_MINUTE) },
} as const;

import { Role } from '@oqu/contracts';

/**
 * Who may call the signature routes: examiners (who sign) and administrators (who read). Whether
 * the caller may read or sign this exam's card — an examiner of that exam — the exams service says.
 */
export const signaturesAccess = {
  reportCard: { access: { roles: [Role.Admin, Role.Examiner] } },
} as const;

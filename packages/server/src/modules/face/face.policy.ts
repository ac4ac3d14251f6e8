import { comparesFaces, passesFaceCheck, Role } from '@oqu/contracts';
import type { AuthUser } from '../auth/auth-user.js';

/** Who may call the face routes. */
export const faceAccess = {
  /** POST /api/face/compare: staff */
  compare: { access: { roles: comparesFaces } },
  /** POST /api/face/verify: whoever the check guards */
  verify: { access: { roles: passesFaceCheck } },
} as const;

/** A webinar room lets in without a check everyone but the trainee (staff run and read rooms). */
export const joinsThroughCheck = (user: Pick<AuthUser, 'roleId'>) => user.roleId === Role.Trainee;

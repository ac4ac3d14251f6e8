import { z } from 'zod';
import { envelope } from './common.js';
import { cleanText, id } from './input.js';
import { PASSWORD_MIN_LENGTH } from './limits.js';

export const loginRequest = z.object({
  iin: cleanText().trim().min(1, 'required').max(200),
  password: cleanText().min(1, 'required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  ID: z.number().int(),
  RoleID: z.number().int(),
  Fullname: z.string(),
  Duty: z.string(),
  Image: z.array(z.string()).describe('photo URLs, the first is the main photo'),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = envelope({ user: sessionUser.extend({ Token: z.string() }) });
export type LoginResponse = z.infer<typeof loginResponse>;

export const meResponse = envelope({
  user: sessionUser.extend({ IIN: z.string().describe('the person’s own IIN: the signing page checks their key against it') }),
});

export const newPassword = cleanText().min(PASSWORD_MIN_LENGTH, 'password_too_short').max(200);

export const changePasswordRequest = z.object({ Password: cleanText().min(1, 'required').max(200), Newpassword: newPassword });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const adminChangePasswordRequest = z.object({
  Newpassword: newPassword,
  UserID: id,
});
export type AdminChangePasswordRequest = z.infer<typeof adminChangePasswordRequest>;

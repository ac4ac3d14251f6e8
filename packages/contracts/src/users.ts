import { z } from 'zod';
import { newPassword } from './auth.js';
import { aliased, envelope, pagedEnvelope, pageQuery } from './common.js';
import { isValidIin } from './iin.js';
import { cleanText, id, searchText, wholeNumber } from './input.js';
import { journalEntry, retake } from './retakes.js';

export const photo = z.object({ ID: z.number().int(), Path: z.string(), Name: z.string() });
export type Photo = z.infer<typeof photo>;

/** A person as every admin screen reads it (admin-back-office.md §3 User). */
export const user = z.object({
  ID: z.number().int(),
  Fullname: z.string(),
  Lastname: z.string(),
  Firstname: z.string(),
  Patronomyc: z.string(),
  Username: z.string(),
  Login: z.string(),
  RoleID: z.number().int(),
  Image: z.array(z.string()),
  Photos: z.array(photo),
  Department: z.string(),
  Duty: z.string(),
  IIN: z.string(),
  Tabel: z.string(),
  IDNumber: z.string(),
  Date: z.string().describe('registration date, YYYY-MM-DD'),
  PhotoStatus: z.boolean(),
  PlanStatus: z.boolean(),
  IsBlocked: z.boolean(),
  PlanID: z.number().int().nullable(),
  RegionID: z.number().int().nullable().describe('trainees: the exam-audience account (role 5) they belong to'),
  Region: z.object({ ID: z.number().int(), Fullname: z.string() }).nullable(),
  Journal: z.array(journalEntry).optional().describe('GET /api/user/getuser/{id} only: one entry per test of the person’s plan'),
  Retake: z.array(retake).optional().describe('GET /api/user/getuser/{id} only: the person’s retakes, newest first'),
});
export type User = z.infer<typeof user>;

const iin = cleanText()
  .trim()
  .refine((v) => /^\d{12}$/.test(v), { message: 'iin_format', abort: true })
  .refine(isValidIin, 'iin_checksum');
const text = cleanText().trim().max(200);
const optionalText = z.union([z.string(), z.number()]).transform(String).pipe(text).optional();
const login = cleanText()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._@-]{3,64}$/, 'login_format');
const tabel = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(cleanText().max(32));
const roleId = wholeNumber(1, 5);

const personFields = {
  Fullname: text.optional(),
  Lastname: text.optional(),
  Firstname: text.optional(),
  Patronomyc: text.optional(),
  Department: optionalText,
  Duty: optionalText,
  Tabel: tabel.optional(),
  Username: login.optional(),
  IIN: iin,
  RoleID: roleId.default(3),
  PlanID: id.nullable().optional(),
  RegionID: id.nullable().optional(),
};
const personAliases = {
  iin: 'IIN',
  roleID: 'RoleID',
  IDNumber: 'Tabel',
  Login: 'Username',
  fullname: 'Fullname',
  department: 'Department',
  position: 'Duty',
  username: 'Username',
  regionID: 'RegionID',
} as const;

export const createUserRequest = aliased({ ...personFields, Password: newPassword }, { ...personAliases, password: 'Password' });
export type CreateUserRequest = z.infer<typeof createUserRequest>;

/** Every field optional: `{IsBlocked}` alone blocks or unblocks; other fields edit the person. */
export const updateUserRequest = aliased(
  {
    ...personFields,
    IIN: iin.optional(),
    RoleID: roleId.optional(),
    IsBlocked: z.boolean().optional(),
  },
  personAliases,
);
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const usersQuery = pageQuery.extend({
  role: roleId.optional(),
  search: searchText,
});

export const usersPage = pagedEnvelope(user);
export const userResponse = envelope({ data: user });
export const createUserResponse = envelope({ user: z.object({ ID: z.number().int() }) });
export const deleteUserResponse = envelope({ archived: z.boolean() });

/** Short person entry for pickers (teachers, regions). */
/** A trainee as the staff's tables name them: exam results, the visit log. */
export const traineeIdentity = z.object({
  ID: z.number().int(),
  Fullname: z.string(),
  Department: z.string(),
  Duty: z.string().describe('position'),
  IIN: z.string(),
  Tabel: z.string().describe('personnel number'),
});

export type TraineeIdentity = z.infer<typeof traineeIdentity>;

export const personOption = z.object({ ID: z.number().int(), Fullname: z.string(), Login: z.string() });
export const personOptions = envelope({ data: z.array(personOption) });

export const uploadImageResponse = envelope({ data: photo });

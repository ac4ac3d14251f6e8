/** Role ids as the original system stores them (RoleID). */
export const Role = {
  Admin: 1,
  Examiner: 2,
  Trainee: 3,
  Teacher: 4,
  Region: 5,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const ALL_ROLES: readonly RoleId[] = [Role.Admin, Role.Examiner, Role.Trainee, Role.Teacher, Role.Region];

/** i18n keys of role names (web: `role.<key>`). */
export const ROLE_KEYS: Record<RoleId, string> = {
  1: 'admin',
  2: 'examiner',
  3: 'trainee',
  4: 'teacher',
  5: 'region',
};

export function isRoleId(value: number): value is RoleId {
  return (ALL_ROLES as readonly number[]).includes(value);
}

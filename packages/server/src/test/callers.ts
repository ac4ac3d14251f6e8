import { Role, type RoleId } from '@oqu/contracts';
import type { AuthUser } from '../modules/auth/auth-user.js';

/** A signed-in caller of each role, for policy tests (ids: admin 1, examiner 2, trainee 3, teacher 4, region 5). */
export const caller = (roleId: RoleId, id: number = roleId): AuthUser => ({ id, roleId, fullName: 'Проверка' });

export const ADMIN = caller(Role.Admin);
export const EXAMINER = caller(Role.Examiner);
export const TRAINEE = caller(Role.Trainee);
export const TEACHER = caller(Role.Teacher);
export const REGION = caller(Role.Region);
/** A second teacher, who owns nothing of the first one's. */
export const OTHER_TEACHER = caller(Role.Teacher, 40);

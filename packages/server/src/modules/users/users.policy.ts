import { Role } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';
import type { AuthUser } from '../auth/auth-user.js';

/** Who may do what with people. The routes declare these; the service applies the rule below. */
export const usersAccess = {
  /** the users screen */
  manage: forSection('users'),
  /** teachers, for the webinar form's picker */
  teacherPicker: forSection('webinars'),
  /** audience (region) accounts, for the exam form's picker */
  regionPicker: forSection('exam'),
} as const;

/** An administrator may not lock themselves out: blocking themselves or giving up the administrator role. */
export const locksSelfOut = (actor: AuthUser, personId: number, change: { blocks: boolean; roleId: number }) =>
  personId === actor.id && (change.blocks || change.roleId !== Role.Admin);

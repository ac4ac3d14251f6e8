import type { RoleId } from '@oqu/contracts';

/** The signed-in caller, as a resolved session gives it to every route and service. */
export interface AuthUser {
  id: number;
  roleId: RoleId;
  fullName: string;
}

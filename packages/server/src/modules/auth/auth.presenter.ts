import type { SessionUser } from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';

export function toSessionUser(
  account: { id: number; role_id: number; full_name: string; duty: string },
  photos: { storage_key: string }[],
): SessionUser {
  return {
    ID: account.id,
    RoleID: account.role_id,
    Fullname: account.full_name,
    Duty: account.duty,
    Image: photos.map((p) => fileUrl(p.storage_key)),
  };
}

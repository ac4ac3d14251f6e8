import type { Photo, TraineeIdentity, User } from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';
import type { PhotoRecord, UserRecord } from './users.repository.js';

export function toPhoto(photo: PhotoRecord): Photo {
  return { ID: photo.id, Path: fileUrl(photo.storage_key), Name: photo.name };
}

export function toUser(row: UserRecord, photos: PhotoRecord[]): User {
  const presented = photos.map(toPhoto);
  return {
    ID: row.id,
    Fullname: row.full_name,
    Lastname: row.last_name,
    Firstname: row.first_name,
    Patronomyc: row.middle_name,
    Username: row.login ?? '',
    Login: row.login ?? '',
    RoleID: row.role_id,
    Image: presented.map((p) => p.Path),
    Photos: presented,
    Department: row.department,
    Duty: row.duty,
    IIN: row.iin,
    Tabel: row.tabel ?? '',
    IDNumber: row.tabel ?? '',
    Date: row.registered_on,
    PhotoStatus: presented.length > 0,
    PlanStatus: row.plan_id !== null,
    IsBlocked: row.is_blocked,
    PlanID: row.plan_id,
    RegionID: row.region_id,
    Region: row.region_id === null ? null : { ID: row.region_id, Fullname: row.region_name ?? '' },
  };
}

/** Attaches each person's photos, fetched for the whole page at once. */
export function toUsers(rows: UserRecord[], photos: PhotoRecord[]): User[] {
  const byUser = new Map<number, PhotoRecord[]>();
  for (const photo of photos) byUser.set(photo.user_id, [...(byUser.get(photo.user_id) ?? []), photo]);
  return rows.map((row) => toUser(row, byUser.get(row.id) ?? []));
}

/** A trainee's identity columns as the staff's tables show them (contracts `traineeIdentity`). */
export function toTraineeIdentity(row: {
  id: number;
  full_name: string;
  department: string;
  duty: string;
  iin: string;
  tabel: string | null;
}): TraineeIdentity {
  return { ID: row.id, Fullname: row.full_name, Department: row.department, Duty: row.duty, IIN: row.iin, Tabel: row.tabel ?? '' };
}

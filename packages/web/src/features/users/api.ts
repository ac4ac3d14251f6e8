import type { Photo, User } from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, isRecordId, type Paged } from '../../lib/api';
import { listQuery } from '../../lib/listParams';

/** Calls of admin-back-office.md §7 "Users", typed with the contracts and wrapped in TanStack Query. */

export interface UsersQuery {
  page: number;
  role?: number;
  search?: string;
}

/** Fields of POST /api/user/new and PUT /api/user/updateuser/{id} (names as the spec sends them). */
export interface PersonFields {
  Fullname?: string;
  Lastname?: string;
  Firstname?: string;
  Patronomyc?: string;
  Department?: string;
  Duty?: string;
  Tabel?: string;
  Username?: string;
  IIN?: string;
  RoleID?: number;
  PlanID?: number | null;
}

export interface NewPerson extends PersonFields {
  Password: string;
  IIN: string;
  RoleID: number;
}

export const usersKeys = {
  all: ['users'] as const,
  list: (query: UsersQuery) => ['users', 'list', query] as const,
  one: (id: number) => ['users', 'one', id] as const,
};

export const fetchUsers = (query: UsersQuery) => api<Paged<User>>('GET', `/api/user/getusers?${listQuery({ ...query })}`);
export const fetchUser = (id: number) => api<Envelope & { data: User }>('GET', `/api/user/getuser/${id}`);
export const createUser = (body: NewPerson) => api<Envelope & { user: { ID: number } }>('POST', '/api/user/new', body);
export const updateUser = (id: number, body: PersonFields & { IsBlocked?: boolean }) =>
  api<Envelope>('PUT', `/api/user/updateuser/${id}`, body);
export const deleteUser = (id: number) => api<Envelope & { archived: boolean }>('DELETE', `/api/user/deleteuser/${id}`);
export const adminChangePassword = (UserID: number, Newpassword: string) =>
  api<Envelope>('PUT', '/api/user/adminchangepass', { Newpassword, UserID });
export const deletePhoto = (photoId: number) => api<Envelope>('DELETE', `/delete/image/id:${photoId}`);
/** PUT /api/user/updateplanuser/{id}: attach a plan to a person, or detach it with null. */
export const attachPlan = (userId: number, PlanID: number | null) => api<Envelope>('PUT', `/api/user/updateplanuser/${userId}`, { PlanID });

/**
 * POST /uploadI multipart. UserID goes before the file: a streaming multipart reader sees only
 * the fields that precede the file part.
 */
export function uploadPhoto(userId: number, file: File) {
  const form = new FormData();
  form.append('UserID', String(userId));
  form.append('file', file, file.name);
  return api<Envelope & { data: Photo }>('POST', '/uploadI', form);
}

/** A photo refused after the person was created: the person exists, the remaining photos do not. */
export class PhotoUploadError extends Error {
  constructor(
    readonly file: File,
    reason: unknown,
  ) {
    // `cause` carries the server's refusal, which errorMessage() shows
    super(reason instanceof Error ? reason.message : String(reason), { cause: reason });
    this.name = 'PhotoUploadError';
  }
}

/** Uploads photos one at a time, in order; `onUploaded` is called after each one. */
export async function uploadPhotosInSequence(
  userId: number,
  files: readonly File[],
  onUploaded?: (file: File, photo: Photo) => void,
): Promise<void> {
  for (const file of files) {
    let photo: Photo;
    try {
      photo = (await uploadPhoto(userId, file)).data;
    } catch (error) {
      throw new PhotoUploadError(file, error);
    }
    onUploaded?.(file, photo);
  }
}

// ---- hooks ----

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: () => fetchUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: usersKeys.one(id ?? 0),
    queryFn: () => fetchUser(id as number).then((r) => r.data),
    enabled: isRecordId(id),
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: usersKeys.all });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PersonFields & { IsBlocked?: boolean } }) => updateUser(id, body),
    onSuccess: invalidate,
  });
}

export function useAttachPlan() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, planId }: { userId: number; planId: number | null }) => attachPlan(userId, planId),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteUser, onSuccess: invalidate });
}

export function useAdminChangePassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) => adminChangePassword(userId, password),
  });
}

export function useUploadPhoto() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, file }: { userId: number; file: File }) => uploadPhoto(userId, file),
    onSuccess: invalidate,
  });
}

export function useDeletePhoto() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deletePhoto, onSuccess: invalidate });
}

export { useInvalidateUsers };

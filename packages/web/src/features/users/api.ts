import { type EndpointBody, type Photo, userEndpoints } from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRecordId } from '../../lib/api';
import { call } from '../../lib/endpoint';
import { upload } from '../../lib/upload';

/** Calls of admin-back-office.md §7 "Users", typed with the contracts and wrapped in TanStack Query. */

export interface UsersQuery {
  page: number;
  role?: number;
  search?: string;
}

/** Fields of POST /api/user/new and PUT /api/user/updateuser/{id} (names as the spec sends them). */
export type NewPerson = EndpointBody<typeof userEndpoints.create>;
export type PersonFields = EndpointBody<typeof userEndpoints.update>;

export const usersKeys = {
  all: ['users'] as const,
  list: (query: UsersQuery) => ['users', 'list', query] as const,
  one: (id: number) => ['users', 'one', id] as const,
  /** the exam-audience accounts (role 5) a trainee may belong to */
  regions: ['users', 'regions'] as const,
};

export const fetchUsers = (query: UsersQuery) => call(userEndpoints.list, { query: { ...query } });
export const fetchUser = (id: number) => call(userEndpoints.get, { params: { id } });
export const createUser = (body: NewPerson) => call(userEndpoints.create, { body });
export const updateUser = (id: number, body: PersonFields) => call(userEndpoints.update, { params: { id }, body });
export const deleteUser = (id: number) => call(userEndpoints.remove, { params: { id } });
export const adminChangePassword = (UserID: number, Newpassword: string) =>
  call(userEndpoints.setPassword, { body: { Newpassword, UserID } });
export const deletePhoto = (photoId: number) => call(userEndpoints.removePhoto, { params: { id: photoId } });
/** PUT /api/user/updateplanuser/{id}: attach a plan to a person, or detach it with null. */
export const attachPlan = (userId: number, PlanID: number | null) =>
  call(userEndpoints.attachPlan, { params: { id: userId }, body: { PlanID } });

/** POST /uploadI {UserID, file}: one photo of a person. */
export const uploadPhoto = (userId: number, file: File) => upload(userEndpoints.uploadPhoto, { form: { UserID: userId }, file });

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

/** GET /api/user/getregions: the regions (exam-audience accounts) for pickers. */
export function useRegionOptions() {
  return useQuery({ queryKey: usersKeys.regions, queryFn: () => call(userEndpoints.regions).then((r) => r.data) });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: usersKeys.all });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PersonFields }) => updateUser(id, body),
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

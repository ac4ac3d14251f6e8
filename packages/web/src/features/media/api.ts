import { type EndpointBody, type EndpointForm, mediaEndpoints, systemEndpoints } from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRecordId } from '../../lib/api';
import { call } from '../../lib/endpoint';
import { type OnProgress, upload } from '../../lib/upload';

export type MediaUpdateBody = EndpointBody<typeof mediaEndpoints.update>;
export type MediaUploadFields = EndpointForm<typeof mediaEndpoints.create>;

export const mediaKeys = {
  all: ['media'] as const,
  adminList: (page: number) => ['media', 'admin', page] as const,
  one: (id: number) => ['media', 'one', id] as const,
  learnerList: (page: number, vr: boolean) => ['media', 'learner', page, vr] as const,
};

/** The administrator's list (GET /api/media/get?page=). */
export function useAdminMedia(page: number) {
  return useQuery({
    queryKey: mediaKeys.adminList(page),
    queryFn: () => call(mediaEndpoints.list, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useMediaFile(id: number | undefined) {
  return useQuery({
    queryKey: mediaKeys.one(id ?? 0),
    queryFn: () => call(mediaEndpoints.get, { params: { id: id as number } }).then((answer) => answer.data),
    enabled: isRecordId(id),
  });
}

/** The trainee's list (GET /get/media?id={page}); `vr`: the VR 360° videos only. */
export function useLearnerMedia(page: number, vr = false) {
  return useQuery({
    queryKey: mediaKeys.learnerList(page, vr),
    queryFn: () => call(mediaEndpoints.learnerList, { query: vr ? { id: page, vr: true } : { id: page } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/media/new: the fields first, then the file, with the share sent so far. */
export function useUploadMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, file, onProgress }: { form: MediaUploadFields; file: File; onProgress: OnProgress }) =>
      upload(mediaEndpoints.create, { form, file, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export function useUpdateMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MediaUpdateBody }) => call(mediaEndpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export function useDeleteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(mediaEndpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

/** The size limit of a media file (MEDIA_MAX_BYTES), from the server's settings. */
export function useMediaMaxBytes() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => call(systemEndpoints.settings).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
    select: (settings) => settings.MediaMaxBytes,
  });
}

import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '@oqu/contracts';

/** Why a chosen photo cannot be sent (admin-back-office.md §5, learner-and-instructor.md §9). */
export type PhotoProblem = 'type' | 'size';

/** The `accept` attribute of photo inputs: the same list the server enforces. */
export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');

/** Checks a photo before anything is sent: jpeg or png, at most PHOTO_MAX_BYTES. */
export function checkPhoto(file: Pick<File, 'type' | 'size'>): PhotoProblem | null {
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

/** i18n key (namespace `people`) of the refusal text for a photo problem. */
export const PHOTO_PROBLEM_KEY: Record<PhotoProblem, string> = {
  type: 'photos.errorType',
  size: 'photos.errorSize',
};

import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '@oqu/contracts';
import { readImageType } from '../../lib/files';

/** Why a chosen photo cannot be sent (admin-back-office.md §5, learner-and-instructor.md §9). */
export type PhotoProblem = 'type' | 'size';

/** The `accept` attribute of photo inputs: the same list the server enforces. */
export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');

/**
 * Checks a photo before anything is sent: at most PHOTO_MAX_BYTES, and JPEG or PNG by its content
 * (the server reads the content too: a text file named .png would be refused after the account exists).
 */
export async function checkPhoto(file: Blob): Promise<PhotoProblem | null> {
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  const type = await readImageType(file);
  if (!type || !(PHOTO_MIME_TYPES as readonly string[]).includes(type)) return 'type';
  return null;
}

/** i18n key (namespace `people`) of the refusal text for a photo problem. */
export const PHOTO_PROBLEM_KEY: Record<PhotoProblem, string> = {
  type: 'photos.errorType',
  size: 'photos.errorSize',
};

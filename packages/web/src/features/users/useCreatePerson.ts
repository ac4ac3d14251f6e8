import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { createUser, type NewPerson, PhotoUploadError, uploadPhotosInSequence, useInvalidateUsers } from './api';

export interface UploadProgress {
  done: number;
  total: number;
}

/**
 * Create a person, then send the chosen photos one at a time (admin-back-office.md §7).
 *
 * If a photo is refused after the person was created, the person is remembered: the next submit
 * sends only the photos that are still waiting instead of creating the person a second time.
 */
export function useCreatePerson(options: { onPhotoUploaded?: (file: File) => void } = {}) {
  const { t } = useTranslation('people');
  const invalidate = useInvalidateUsers();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** a refused photo's message, shown by the photo field */
  const [photoError, setPhotoError] = useState<string | null>(null);

  /** Resolves ok when the person and all photos were saved; otherwise the error is shown in `error` or `photoError`. */
  async function submit(body: NewPerson, photos: readonly File[]): Promise<{ ok: true; id: number } | { ok: false; error: unknown }> {
    setPending(true);
    setError(null);
    setPhotoError(null);
    let id = createdId;
    try {
      if (id === null) {
        const created = await createUser(body);
        id = created.user.ID;
        setCreatedId(id);
      }
      if (photos.length > 0) {
        const total = photos.length;
        let done = 0;
        setProgress({ done, total });
        await uploadPhotosInSequence(id, photos, (file) => {
          done += 1;
          setProgress({ done, total });
          options.onPhotoUploaded?.(file);
        });
      }
      await invalidate();
      return { ok: true, id };
    } catch (failure) {
      if (failure instanceof PhotoUploadError) {
        setPhotoError(t('form.photoFailed', { name: failure.file.name, message: errorMessage(failure, t('common:errors.network')) }));
        await invalidate();
      } else {
        setError(errorMessage(failure, t('common:errors.network')));
      }
      return { ok: false, error: failure };
    } finally {
      setPending(false);
      setProgress(null);
    }
  }

  return { submit, createdId, pending, progress, error, setError, photoError };
}

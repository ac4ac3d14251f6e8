import type { AdminMediaFile, MediaFile } from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';
import type { MediaRecord } from './media.repository.js';

/** A file as the trainee's lists show it: the spec's fields, then VR and Type. */
export function toMediaFile(row: MediaRecord): MediaFile {
  return {
    ID: row.id,
    Name: row.name,
    CreatedAt: new Date(row.created_at).toISOString(),
    Size: Number(row.size),
    Path: fileUrl(row.storage_key),
    VR: row.vr,
    Type: row.mime,
  };
}

/** A file on the administrator's list: also the name it was uploaded under. */
export function toAdminMediaFile(row: MediaRecord): AdminMediaFile {
  return { ...toMediaFile(row), FileName: row.file_name };
}

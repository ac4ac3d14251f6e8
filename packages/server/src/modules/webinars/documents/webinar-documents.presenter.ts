import type { WebinarDocument } from '@oqu/contracts';
import { fileUrl } from '../../files/files.presenter.js';
import type { DocumentRecord } from './webinar-documents.repository.js';

export function toDocument(row: DocumentRecord): WebinarDocument {
  return { ID: row.id, Name: row.name, CreatedAt: new Date(row.created_at).toISOString(), Size: row.size, Path: fileUrl(row.storage_key) };
}

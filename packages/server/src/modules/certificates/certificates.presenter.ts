import type { Certificate } from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';
import type { CertificateRecord } from './certificates.repository.js';

export function toCertificate(row: CertificateRecord): Certificate {
  return { ID: row.id, Name: row.name, FileName: row.file_name, Path: fileUrl(row.storage_key), Layout: row.layout };
}

import { CERTIFICATE_MIME_TYPES, DOCUMENT_MAX_BYTES } from '@oqu/contracts';
import { extension, type FileProblem, isGenericType } from '../../lib/files';

/** File name endings of the accepted types, for browsers that give no type (or a generic one). */
const EXTENSION_TYPES: Record<string, (typeof CERTIFICATE_MIME_TYPES)[number]> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The `accept` attribute of the certificate file input: the types the server accepts. */
export const CERTIFICATE_ACCEPT = [...CERTIFICATE_MIME_TYPES, ...Object.keys(EXTENSION_TYPES).map((ext) => `.${ext}`)].join(',');

/**
 * Checks a certificate template before it is sent (admin-back-office.md §5, §9): PDF, JPEG, PNG
 * or DOCX, at most DOCUMENT_MAX_BYTES. The server checks the content again; this only spares an
 * upload that would be refused.
 */
export function checkCertificateFile(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  if (file.size <= 0) return 'empty';
  const known = (CERTIFICATE_MIME_TYPES as readonly string[]).includes(file.type);
  if (!known && !(isGenericType(file.type) && extension(file.name) in EXTENSION_TYPES)) return 'type';
  if (file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

/** i18n key (namespace `catalogue`) of the refusal text for a file problem. */
export const FILE_PROBLEM_KEY: Record<FileProblem, string> = {
  empty: 'certificates.fileEmpty',
  type: 'certificates.fileType',
  size: 'certificates.fileSize',
};

import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '@oqu/contracts';
import type { FileProblem } from '../../../lib/files';

/** File name endings of the document types the server accepts (it checks the content again). */
const EXTENSIONS = ['pdf', 'docx', 'xlsx', 'pptx', 'jpg', 'jpeg', 'png', 'mp4', 'webm', 'mp3', 'zip'];

/** The `accept` attribute of the room's upload: the server's types and their endings. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_MIME_TYPES, ...EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/**
 * What is wrong with a chosen document before it is sent: empty, or over 10 MB (the same limit the
 * server enforces while streaming). The type is left to the server, which reads the content.
 */
export function checkDocument(file: Pick<File, 'size'>): Exclude<FileProblem, 'type'> | null {
  if (file.size <= 0) return 'empty';
  if (file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

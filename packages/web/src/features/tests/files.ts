import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, QUESTION_IMPORT_MAX_BYTES, XLSX_MIME_TYPE } from '@oqu/contracts';
import { extension, type FileProblem, isGenericType, readImageType } from '../../lib/files';

/** Checks of the files the tests screens send, made before anything is uploaded. */

export const XLSX_MIME = XLSX_MIME_TYPE;
/** The largest question spreadsheet the server reads (10,000,000 bytes). */
export const IMPORT_MAX_BYTES = QUESTION_IMPORT_MAX_BYTES;

/** The `accept` attribute of the question photo input. */
export const PHOTO_ACCEPT = [...PHOTO_MIME_TYPES, '.jpg', '.jpeg', '.png'].join(',');
/** The `accept` attribute of the spreadsheet input. */
export const XLSX_ACCEPT = `.xlsx,${XLSX_MIME}`;

/** A question photo: JPEG or PNG by its content, at most 1,000,000 bytes (admin-back-office.md §5). */
export async function checkQuestionPhoto(file: Blob): Promise<FileProblem | null> {
  if (file.size <= 0) return 'empty';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  const type = await readImageType(file);
  return type && (PHOTO_MIME_TYPES as readonly string[]).includes(type) ? null : 'type';
}

/** An import spreadsheet: .xlsx, at most 10,000,000 bytes. The server reads the content again. */
export function checkSpreadsheet(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  if (file.size <= 0) return 'empty';
  const byType = file.type === XLSX_MIME;
  if (!byType && !((isGenericType(file.type) || file.type.includes('excel')) && extension(file.name) === 'xlsx')) return 'type';
  if (file.size > IMPORT_MAX_BYTES) return 'size';
  return null;
}

/** i18n keys (namespace `tests`) of the refusal texts. */
export const PHOTO_PROBLEM_KEY: Record<FileProblem, string> = {
  empty: 'files.empty',
  type: 'files.photoType',
  size: 'files.photoSize',
};
export const SPREADSHEET_PROBLEM_KEY: Record<FileProblem, string> = {
  empty: 'files.empty',
  type: 'files.xlsxType',
  size: 'files.xlsxSize',
};

/**
 * The file name of a download from its Content-Disposition header (RFC 6266: `filename*` in UTF-8
 * first, then `filename`), or `fallback`. Path parts are dropped.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = plain ? (plain[2] ?? plain[1]).trim() : undefined;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

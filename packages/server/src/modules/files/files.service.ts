import { finished } from 'node:stream/promises';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES, PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, storableText } from '@oqu/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { ByteRange, Storage } from '../../plugins/storage.js';
import { byteRangeOf } from './byte-range.js';

export interface Upload {
  data: Buffer;
  name: string;
  mime: string;
}

/** What an upload may be: its size limit, the types its content may have, and the messages for each refusal. */
export interface UploadRules {
  maxBytes: number;
  mimeTypes: readonly string[];
  tooLarge: MessageKey;
  wrongType: MessageKey;
  missing: MessageKey;
}

/** Files a multipart upload may carry; the first is used, the others are read past. */
const MAX_FILE_PARTS = 10;

/** The type each stored extension is served with; keys get their extension from the detected content. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  zip: 'application/zip',
};

/**
 * How long browsers and proxies may keep a served file. A person's photo is personal data that an
 * administrator may delete: only the viewer's own browser keeps it, and briefly. Every other file is
 * never changed under its key (a replacement gets a new key), so it may be kept for a year anywhere.
 */
function cacheControlOf(key: string): string {
  return key.startsWith('photos/') ? 'private, max-age=300' : 'public, max-age=31536000, immutable';
}

/** The extension a stored file gets for each accepted type. */
export const EXTENSIONS: Record<string, string> = Object.fromEntries(Object.entries(CONTENT_TYPES).map(([ext, mime]) => [mime, ext]));

/** A photo of a person or of a question: JPEG or PNG by content, at most PHOTO_MAX_BYTES. */
export const PHOTO_UPLOAD: UploadRules = {
  maxBytes: PHOTO_MAX_BYTES,
  mimeTypes: PHOTO_MIME_TYPES,
  tooLarge: 'photo_too_large',
  wrongType: 'photo_type',
  missing: 'photo_missing',
};

/** A webinar's document or an answer's file. */
export const DOCUMENT_UPLOAD: UploadRules = {
  maxBytes: DOCUMENT_MAX_BYTES,
  mimeTypes: DOCUMENT_MIME_TYPES,
  tooLarge: 'document_file_too_large',
  wrongType: 'document_file_type',
  missing: 'document_file_missing',
};

export class FilesService {
  constructor(private readonly storage: Storage) {}

  /**
   * Reads a multipart upload of one file and its fields. The size limit is enforced while streaming
   * and the type is taken from the content, never from the name; only the first file is kept,
   * further ones (up to MAX_FILE_PARTS) are read past and dropped.
   */
  async readUpload(
    request: FastifyRequest,
    rules: UploadRules,
    /**
     * Decides from the fields sent before the file (all of them when no file came) whether the
     * caller may upload at all — a refusal thrown here leaves the file unread — and which types, size
     * and messages apply; the stream is cut at `rules`' size, so theirs may only be smaller.
     */
    rulesOfFields?: (fields: Record<string, string>) => UploadRules,
  ): Promise<{ file: Upload; fields: Record<string, string>; fieldsBeforeFile: Record<string, string> }> {
    if (!request.isMultipart()) throw new AppError(415, 'unsupported_type');
    const fields: Record<string, string> = {};
    let fieldsBeforeFile: Record<string, string> = {};
    let file: { data: Buffer; name: string } | undefined;
    let checks: UploadRules | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: MAX_FILE_PARTS, fields: 20 } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
        } else if (file) {
          part.file.resume();
          await finished(part.file);
        } else {
          fieldsBeforeFile = { ...fields };
          checks = rulesOfFields?.(fieldsBeforeFile) ?? rules;
          file = { data: await part.toBuffer(), name: storableText(part.filename.slice(0, 200)) || 'file' };
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, (checks ?? rules).tooLarge);
      throw error;
    }
    checks ??= rulesOfFields?.(fields) ?? rules;
    if (!file || file.data.length === 0) throw badRequest(checks.missing);
    if (file.data.length > checks.maxBytes) throw new AppError(413, checks.tooLarge);
    const detected = await fileTypeFromBuffer(file.data);
    if (!detected || !checks.mimeTypes.includes(detected.mime)) throw new AppError(415, checks.wrongType);
    return { file: { ...file, mime: detected.mime }, fields, fieldsBeforeFile };
  }

  /**
   * A stored file with the headers to serve it safely, or null. Images open in place (an `<img>`
   * shows them); anything else is offered as a download, never rendered by the browser. With a
   * `Range` header, only the range it asks for (`range` is then set), or `unsatisfiable` with the size.
   */
  async open(key: string, rangeHeader?: string) {
    let range: ByteRange | undefined;
    if (rangeHeader) {
      const size = await this.storage.size(key);
      if (size === null) return null;
      const asked = byteRangeOf(rangeHeader, size);
      if (asked === 'unsatisfiable') return { unsatisfiable: true as const, size };
      range = asked ?? undefined;
    }
    const found = await this.storage.read(key, range);
    if (!found) return null;
    const extension = key.slice(key.lastIndexOf('.') + 1);
    const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
    const disposition = contentType.startsWith('image/') ? 'inline' : 'attachment';
    return { ...found, contentType, disposition, cacheControl: cacheControlOf(key) };
  }
}

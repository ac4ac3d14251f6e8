import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES, PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, storableText } from '@oqu/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Storage } from '../../plugins/storage.js';
import { readRanged } from './byte-range.js';

/** An uploaded file as stored: its generated key, its size, the name it was sent with and its type by content. */
export interface Upload {
  key: string;
  size: number;
  name: string;
  mime: string;
}

/** An uploaded file read whole, for what is small by its rules (a photo, a spreadsheet to import). */
export interface UploadBytes {
  data: Buffer;
  name: string;
  mime: string;
}

/** What an upload may be: its size limit, the types its content may have, and the messages for each refusal. */
export interface UploadRules {
  maxBytes: number;
  mimeTypes: readonly string[];
  tooLarge: MessageKey;
  /** the parameters of the `tooLarge` message (a limit that is a setting names itself) */
  tooLargeParams?: Record<string, string | number>;
  wrongType: MessageKey;
  missing: MessageKey;
}

/** Files a multipart upload may carry; those its reader takes are used, the others are read past. */
const MAX_FILE_PARTS = 10;

/**
 * The bytes of a file's beginning its type is judged by: file-type needs a few KB for most types and
 * an Office file's first zip entries (`[Content_Types].xml`) for DOCX, XLSX and PPTX. Only this much of
 * an upload is ever held at once, besides the stream's own buffers.
 */
const HEAD_BYTES = 256 * 1024;

/** The type each stored extension is served with; keys get their extension from the detected content. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/x-m4a',
  ogg: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  wav: 'audio/wav',
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

/** Where a document goes: the rules it is checked by and the storage folder its key is made in. */
export interface UploadDestination {
  rules: UploadRules;
  folder: string;
}

/** A new storage key in `folder` for content of type `mime`: 128 random bits, never the uploader's name. */
const newKey = (folder: string, mime: string) => `${folder}/${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;

/** The file's bytes as they arrive, failing with 413 once they pass the rules' size (or the multipart limit cut them). */
async function* sized(part: MultipartFile, rules: UploadRules, counted: { size: number }) {
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    counted.size += chunk.length;
    if (counted.size > rules.maxBytes || part.file.truncated) throw new AppError(413, rules.tooLarge, rules.tooLargeParams);
    yield chunk;
  }
  if (part.file.truncated) throw new AppError(413, rules.tooLarge, rules.tooLargeParams);
}

/**
 * Opens an upload's file: reads its first HEAD_BYTES and judges its type by them (400 when it is
 * empty, 415 when the type is not allowed), and answers the whole file as a stream (the head, then the
 * rest as it comes), cut at the rules' size with 413, and how many bytes have passed.
 */
async function openFile(part: MultipartFile, rules: UploadRules) {
  const counted = { size: 0 };
  const source = sized(part, rules, counted);
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < HEAD_BYTES && !ended) {
    const next = await source.next();
    if (next.done) ended = true;
    else {
      head.push(next.value);
      headSize += next.value.length;
    }
  }
  if (headSize === 0) throw badRequest(rules.missing);
  const detected = await fileTypeFromBuffer(Buffer.concat(head));
  if (!detected || !rules.mimeTypes.includes(detected.mime)) throw new AppError(415, rules.wrongType);
  const rest = async function* () {
    while (head.length > 0) yield head.shift() as Buffer;
    if (!ended) yield* source;
  };
  return {
    name: storableText(part.filename.slice(0, 200)) || 'file',
    mime: detected.mime,
    body: Readable.from(rest(), { objectMode: false }),
    counted,
  };
}

/** A small file read whole, judged as `openFile` judges it. */
async function readWhole(part: MultipartFile, rules: UploadRules): Promise<UploadBytes> {
  const { body, name, mime } = await openFile(part, rules);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return { data: Buffer.concat(chunks), name, mime };
}

export class FilesService {
  constructor(private readonly storage: Storage) {}

  /**
   * Reads a multipart upload of one small file whole, with its fields: the file is cut at
   * `rules.maxBytes` while it streams (413) and typed by its first bytes (415), never by its name.
   * Only the first file is kept; further ones (up to MAX_FILE_PARTS) are read past and dropped.
   */
  async readUpload(request: FastifyRequest, rules: UploadRules): Promise<{ file: UploadBytes; fields: Record<string, string> }> {
    let file: UploadBytes | undefined;
    const fields = await this.readParts(request, rules.maxBytes, async (part) => {
      if (file) return null;
      file = await readWhole(part, rules);
      return rules;
    });
    if (!file) throw badRequest(rules.missing);
    return { file, fields };
  }

  /**
   * Reads a multipart upload of several small files whole, each sent under its own field name
   * (`names`), with the fields: each is cut at `rules.maxBytes` (413) and typed by its first bytes
   * (415); 400 naming the first of `names` that did not come. Other files are read past and dropped.
   */
  async readFiles<N extends string>(
    request: FastifyRequest,
    rules: UploadRules,
    names: readonly N[],
  ): Promise<{ files: Record<N, UploadBytes>; fields: Record<string, string> }> {
    const files: Partial<Record<N, UploadBytes>> = {};
    const fields = await this.readParts(request, rules.maxBytes, async (part) => {
      const name = names.find((n) => n === part.fieldname && !files[n]);
      if (!name) return null;
      files[name] = await readWhole(part, rules);
      return rules;
    });
    const missing = names.find((n) => !files[n]);
    if (missing) throw badRequest('face_file_missing', { field: missing });
    return { files: files as Record<N, UploadBytes>, fields };
  }

  /** Stores a file read whole under a new key in `folder`. */
  async store(folder: string, file: UploadBytes): Promise<Upload> {
    const key = newKey(folder, file.mime);
    await this.storage.put(key, file.data);
    return { key, size: file.data.length, name: file.name, mime: file.mime };
  }

  /**
   * Streams a multipart upload's first file into storage as it arrives, never holding it whole.
   * `destinationOf` decides from the fields sent before the file (all of them when no file came)
   * whether the caller may upload at all — a refusal thrown there leaves the file unread — and the
   * rules and folder that apply; `maxBytes` cuts the stream, so their size may only be smaller. The
   * type is judged by the file's first bytes before anything is stored; a file refused while it
   * streams (413) or a form failing after it leaves nothing stored.
   */
  async streamUpload(
    request: FastifyRequest,
    maxBytes: number,
    destinationOf: (fields: Record<string, string>) => UploadDestination,
  ): Promise<{ file: Upload; fields: Record<string, string>; fieldsBeforeFile: Record<string, string> }> {
    let stored: { file: Upload; fieldsBeforeFile: Record<string, string> } | undefined;
    let fields: Record<string, string>;
    try {
      fields = await this.readParts(request, maxBytes, async (part, fieldsBeforeFile) => {
        if (stored) return null;
        const { rules, folder } = destinationOf(fieldsBeforeFile);
        const { body, counted, ...opened } = await openFile(part, rules);
        const key = newKey(folder, opened.mime);
        await this.storage.put(key, body);
        stored = { file: { key, size: counted.size, ...opened }, fieldsBeforeFile };
        return rules;
      });
    } catch (error) {
      if (stored) await this.storage.remove(stored.file.key);
      throw error;
    }
    if (!stored) throw badRequest(destinationOf(fields).rules.missing);
    return { ...stored, fields };
  }

  /** Hands a stored upload to `use`; when `use` refuses or fails, the upload is removed, so it leaves nothing. */
  async keepIf<T>(file: Upload, use: (file: Upload) => Promise<T>): Promise<T> {
    try {
      return await use(file);
    } catch (error) {
      await this.storage.remove(file.key);
      throw error;
    }
  }

  /**
   * Reads the fields of a multipart upload and hands each file to `onFile` with the fields sent
   * before it; `onFile` answers the rules it read the file by (for the refusal of a file cut by the
   * multipart limit), or null for a file it does not take, which is read past and dropped.
   */
  private async readParts(
    request: FastifyRequest,
    maxBytes: number,
    onFile: (part: MultipartFile, fieldsBeforeFile: Record<string, string>) => Promise<UploadRules | null>,
  ): Promise<Record<string, string>> {
    if (!request.isMultipart()) throw new AppError(415, 'unsupported_type');
    const fields: Record<string, string> = {};
    let fileRules: UploadRules | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: MAX_FILE_PARTS, fields: 20 } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const taken = await onFile(part, { ...fields });
        if (taken) fileRules = taken;
        else {
          part.file.resume();
          await finished(part.file);
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' && fileRules) {
        throw new AppError(413, fileRules.tooLarge, fileRules.tooLargeParams);
      }
      throw error;
    }
    return fields;
  }

  /**
   * A stored file as a `Range` header asks for it (`readRanged`), with its type and the headers to
   * serve it safely, or null. Images open in place (an `<img>` shows them); anything else is offered
   * as a download, never rendered by the browser.
   */
  async open(key: string, rangeHeader?: string) {
    const found = await readRanged(this.storage, key, rangeHeader);
    if (!found) return null;
    const extension = key.slice(key.lastIndexOf('.') + 1);
    const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
    const disposition = contentType.startsWith('image/') ? 'inline' : 'attachment';
    return { found, contentType, headers: { 'content-disposition': disposition, 'cache-control': cacheControlOf(key) } };
  }
}

import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '@oqu/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Storage } from '../../plugins/storage.js';

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

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
};

export class FilesService {
  constructor(private readonly storage: Storage) {}

  /**
   * Reads a multipart upload of one file and its fields, whatever their order. The size limit is
   * enforced while streaming and the type is taken from the content, never from the name; only the
   * first file is kept.
   */
  async readUpload(request: FastifyRequest, rules: UploadRules): Promise<{ file: Upload; fields: Record<string, string> }> {
    if (!request.isMultipart()) throw new AppError(415, 'unsupported_type');
    const fields: Record<string, string> = {};
    let file: { data: Buffer; name: string } | undefined;
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 20 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      try {
        file = { data: await part.toBuffer(), name: part.filename.slice(0, 200) || 'file' };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, rules.tooLarge);
        throw error;
      }
    }
    if (!file || file.data.length === 0) throw badRequest(rules.missing);
    const detected = await fileTypeFromBuffer(file.data);
    if (!detected || !rules.mimeTypes.includes(detected.mime)) throw new AppError(415, rules.wrongType);
    return { file: { ...file, mime: detected.mime }, fields };
  }

  /** One photo (JPEG or PNG, at most PHOTO_MAX_BYTES) and its fields. */
  readPhotoUpload(request: FastifyRequest) {
    return this.readUpload(request, {
      maxBytes: PHOTO_MAX_BYTES,
      mimeTypes: PHOTO_MIME_TYPES,
      tooLarge: 'photo_too_large',
      wrongType: 'photo_type',
      missing: 'photo_missing',
    });
  }

  /** A stored file with the headers to serve it safely, or null. */
  async open(key: string) {
    const found = await this.storage.read(key);
    if (!found) return null;
    const extension = key.slice(key.lastIndexOf('.') + 1);
    return { ...found, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
  }
}

import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '@oqu/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../errors.js';
import type { Storage } from '../../plugins/storage.js';

export interface Upload {
  data: Buffer;
  name: string;
  mime: string;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
};

export class FilesService {
  constructor(private readonly storage: Storage) {}

  /**
   * Reads a multipart upload of one photo and its fields, whatever their order. The size limit is
   * enforced while streaming and the type is taken from the content, never from the name.
   */
  async readPhotoUpload(request: FastifyRequest): Promise<{ file: Upload; fields: Record<string, string> }> {
    if (!request.isMultipart()) throw new AppError(415, 'unsupported_type');
    const fields: Record<string, string> = {};
    let file: { data: Buffer; name: string } | undefined;
    for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      try {
        file = { data: await part.toBuffer(), name: part.filename.slice(0, 200) || 'photo' };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'photo_too_large');
        throw error;
      }
    }
    if (!file || file.data.length === 0) throw badRequest('photo_missing');
    const detected = await fileTypeFromBuffer(file.data);
    if (!detected || !(PHOTO_MIME_TYPES as readonly string[]).includes(detected.mime)) throw new AppError(415, 'photo_type');
    return { file: { ...file, mime: detected.mime }, fields };
  }

  /** A stored file with the headers to serve it safely, or null. */
  async open(key: string) {
    const found = await this.storage.read(key);
    if (!found) return null;
    const extension = key.slice(key.lastIndexOf('.') + 1);
    return { ...found, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
  }
}

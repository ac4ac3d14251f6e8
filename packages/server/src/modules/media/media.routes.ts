import { errorResponses, MEDIA_MIME_TYPES, mediaEndpoints, mediaUploadForm } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import type { FilesService, UploadRules } from '../files/files.service.js';
import type { UploadTargets } from '../files/upload-targets.js';
import { mediaAccess } from './media.policy.js';
import type { MediaService } from './media.service.js';

const tags = ['media'];
const refusals = errorResponses(400, 401, 403, 404, 422);

/** The storage folder of the library's files, served by `/files/media/…`. */
export const MEDIA_FOLDER = 'media';

/** The fields sent before the file: 400 naming what is missing or wrong, before the file is read. */
function formOf(fields: Record<string, string>) {
  const parsed = mediaUploadForm.safeParse(fields);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? 'Name');
  if (field === 'Name' && !fields.Name?.trim()) throw badRequest('media_name_missing');
  throw badRequest('media_form_invalid', { field });
}

export const mediaRoutes: FastifyPluginAsyncZod<{
  media: MediaService;
  files: FilesService;
  uploads: UploadTargets;
  maxBytes: number;
}> = async (app, { media, files, uploads, maxBytes }) => {
  // the library's files are public by their unguessable names, as uploads are: a <video> cannot send a token
  uploads.serveFolder(MEDIA_FOLDER);
  const rules: UploadRules = {
    maxBytes,
    mimeTypes: MEDIA_MIME_TYPES,
    tooLarge: 'media_file_too_large',
    tooLargeParams: { max: Number((maxBytes / 1_000_000).toFixed(maxBytes < 1_000_000 ? 3 : 1)) },
    wrongType: 'media_file_type',
    missing: 'media_file_missing',
  };

  route(
    app,
    mediaEndpoints.create,
    {
      config: mediaAccess.manage,
      schema: {
        tags,
        summary: 'Upload a media file',
        description: [
          'multipart/form-data: `Name` and `VR` (true/false; a video only), then `file`.',
          'The file streams into storage, never held whole, up to MEDIA_MAX_BYTES (413 once past it);',
          'its type is read from its first bytes: video MP4, WebM, MOV; audio MP3, M4A, OGG, WAV; PDF, DOCX, XLSX, PPTX, JPEG, PNG (else 415).',
          'The fields must precede the file: without `Name` the file is not read (400).',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: errorResponses(400, 401, 403, 413, 415, 422),
      },
    },
    async (request) => {
      const { file, fieldsBeforeFile } = await files.streamUpload(request, maxBytes, (before) => {
        formOf(before);
        return { rules, folder: MEDIA_FOLDER };
      });
      const id = await files.keepIf(file, (stored) => media.create(request.user, stored, formOf(fieldsBeforeFile)));
      return { status: true, message: translate('media_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    mediaEndpoints.list,
    { config: mediaAccess.manage, schema: { tags, summary: 'The media library, a page at a time, newest first', response: refusals } },
    async (request) => ({ status: true, message: '', ...(await media.list(request.query.page)) }),
  );

  route(
    app,
    mediaEndpoints.get,
    { config: mediaAccess.manage, schema: { tags, summary: 'One media file', response: refusals } },
    async (request) => ({ status: true, message: '', data: await media.get(request.params.id) }),
  );

  route(
    app,
    mediaEndpoints.update,
    {
      config: mediaAccess.manage,
      schema: {
        tags,
        summary: 'Rename a media file, mark or unmark it VR 360°',
        description: 'VR on anything but a video answers 422.',
        response: refusals,
      },
    },
    async (request) => {
      await media.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('media_updated', request.language) };
    },
  );

  route(
    app,
    mediaEndpoints.remove,
    {
      config: mediaAccess.manage,
      schema: { tags, summary: 'Delete a media file', description: 'The stored file is removed too.', response: refusals },
    },
    async (request) => {
      await media.remove(request.user, request.params.id);
      return { status: true, message: translate('media_deleted', request.language), archived: false };
    },
  );

  route(
    app,
    mediaEndpoints.learnerList,
    {
      config: mediaAccess.read,
      schema: {
        tags,
        summary: 'Media files, a page at a time (learner-and-instructor.md §7)',
        description: '`id` is the page (1 first); `vr=true` lists only the VR 360° videos. `Path` answers HTTP Range requests.',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await media.learnerList(request.query.id, request.query.vr ?? false)) }),
  );
};

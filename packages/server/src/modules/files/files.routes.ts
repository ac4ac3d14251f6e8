import { errorEnvelope, okEnvelope, uploadImageResponse } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { forSection, publicRoute } from '../../plugins/access.js';
import { STORAGE_KEY } from '../../plugins/storage.js';
import type { CertificatesService } from '../certificates/certificates.service.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { UsersService } from '../users/users.service.js';
import type { FilesService } from './files.service.js';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope };

interface FilesRouteServices {
  files: FilesService;
  users: UsersService;
  questions: QuestionsService;
  certificates: CertificatesService;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRouteServices> = async (app, { files, users }) => {
  app.post(
    '/uploadI',
    {
      config: forSection('users'),
      schema: {
        tags: ['files'],
        summary: 'Upload one photo of a person',
        description: 'multipart/form-data with `file` (JPEG or PNG by content, at most 1,000,000 bytes) and `UserID`; one call per photo.',
        consumes: ['multipart/form-data'],
        response: { 200: uploadImageResponse, ...refusals },
      },
    },
    async (request) => {
      const { file, fields } = await files.readPhotoUpload(request);
      const userId = Number(fields.UserID);
      if (!Number.isInteger(userId) || userId <= 0) throw badRequest('photo_target_missing');
      const photo = await users.addPhoto(request.user, userId, file);
      return { status: true, message: translate('photo_uploaded', request.language), data: photo };
    },
  );

  // the spec's path has a literal "id:" before the id; "::" escapes the colon for the router
  app.delete(
    '/delete/image/id:::id',
    {
      config: forSection('users'),
      schema: {
        tags: ['files'],
        summary: 'Delete a photo',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: okEnvelope, ...refusals },
      },
    },
    async (request) => {
      await users.deletePhoto(request.user, request.params.id);
      return { status: true, message: translate('photo_deleted', request.language) };
    },
  );

  // files are named by 128 random bits, so their URL is the capability (an <img> cannot send a token)
  app.get(
    '/files/*',
    { config: publicRoute, schema: { tags: ['files'], summary: 'A stored file by its Path', hide: true } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const found = STORAGE_KEY.test(key) ? await files.open(key) : null;
      if (!found) return reply.callNotFound();
      return reply
        .type(found.contentType)
        .header('content-length', found.size)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.stream);
    },
  );
};

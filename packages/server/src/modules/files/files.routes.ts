import {
  canUse,
  errorResponses,
  okEnvelope,
  SECTIONS,
  uploadFileResponse,
  uploadImageResponse,
  uploadQuestionImageResponse,
} from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { anySignedIn, forSection, publicRoute } from '../../plugins/access.js';
import { STORAGE_KEY } from '../../plugins/storage.js';
import type { CertificatesService } from '../certificates/certificates.service.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { UsersService } from '../users/users.service.js';
import { CERTIFICATE_UPLOAD, type FilesService } from './files.service.js';

const refusals = errorResponses(400, 401, 403, 404, 413, 415);

/** Fields of /uploadF that name what a document belongs to, for uploads that come later. */
const LATER_UPLOAD_TARGETS = ['WebID', 'AnswerID', 'ScormID'] as const;

interface FilesRouteServices {
  files: FilesService;
  users: UsersService;
  questions: QuestionsService;
  certificates: CertificatesService;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRouteServices> = async (app, { files, users, questions, certificates }) => {
  // A photo of a person (UserID, section users) or of a question (QuestionID, section questions):
  // the route admits whoever may use either section, the handler checks the one the upload names.
  app.post(
    '/uploadI',
    {
      config: { access: { roles: [...new Set([...SECTIONS.users.roles, ...SECTIONS.questions.roles])] } },
      schema: {
        tags: ['files'],
        summary: 'Upload one photo of a person or of a question',
        description:
          'multipart/form-data with `file` (JPEG or PNG by content, at most 1,000,000 bytes) and either `UserID` (administrators; ' +
          'one call per photo, a person may have several) or `QuestionID` (whoever edits questions; it replaces the question’s photo).',
        consumes: ['multipart/form-data'],
        response: { 200: z.union([uploadImageResponse, uploadQuestionImageResponse]), ...refusals },
      },
    },
    async (request) => {
      const { file, fields } = await files.readPhotoUpload(request);
      const targetId = (value: string | undefined) => {
        const id = Number(value);
        if (!value || !Number.isInteger(id) || id <= 0) throw badRequest('photo_target_missing');
        return id;
      };
      if (fields.QuestionID !== undefined) {
        const questionId = targetId(fields.QuestionID);
        if (!canUse('questions', request.user.roleId)) throw forbidden();
        const image = await questions.setImage(request.user, questionId, file);
        return { status: true, message: translate('question_image_uploaded', request.language), data: image };
      }
      const userId = targetId(fields.UserID);
      if (!canUse('users', request.user.roleId)) throw forbidden();
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

  // One path for every document upload of the spec: a certificate template (the file alone) now;
  // webinar previews and documents (WebID), answer files (AnswerID) and SCORM packages (ScormID)
  // later. Each target is guarded by its own section, so the route admits anyone signed in.
  app.post(
    '/uploadF',
    {
      config: anySignedIn,
      schema: {
        tags: ['files'],
        summary: 'Upload a document; with the file alone, a certificate template',
        description:
          'multipart/form-data with `file` only: a certificate template (PDF, DOCX, JPEG or PNG by content, at most 10,000,000 bytes; ' +
          'only the first file is used), for administrators. The answer’s `Path` is then given to POST /api/cer/new or ' +
          'PUT /api/cer/updatecer/{id}. Uploads for a webinar (`WebID`), an answer (`AnswerID`) or a SCORM package (`ScormID`) ' +
          'are not available yet and answer 400.',
        consumes: ['multipart/form-data'],
        response: { 200: uploadFileResponse, ...refusals },
      },
    },
    async (request) => {
      const { file, fields } = await files.readUpload(request, CERTIFICATE_UPLOAD);
      const target = LATER_UPLOAD_TARGETS.find((field) => fields[field] !== undefined);
      if (target) throw badRequest('upload_target_unavailable', { field: target });
      if (!canUse('certificates', request.user.roleId)) throw forbidden();
      const stored = await certificates.storeFile(request.user, file);
      return { status: true, message: translate('file_uploaded', request.language), ...stored };
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
        .header('content-disposition', found.disposition)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.stream);
    },
  );
};

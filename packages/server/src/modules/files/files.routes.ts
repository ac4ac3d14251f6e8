import { errorResponses, fileEndpoints, id, type RoleId } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { STORAGE_KEY } from '../../plugins/storage.js';
import type { CertificatesService } from '../certificates/certificates.service.js';
import type { ProblemsService } from '../problems/problems.service.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { UsersService } from '../users/users.service.js';
import type { WebinarsService } from '../webinars/webinars.service.js';
import { filesAccess, setsPersonPhoto, setsQuestionImage, type UploadTarget, uploadsTo } from './files.policy.js';
import { CERTIFICATE_UPLOAD, DOCUMENT_UPLOAD, type FilesService, PREVIEW_UPLOAD, type UploadRules } from './files.service.js';

const refusals = errorResponses(400, 401, 403, 404, 413, 415);

/** What each /uploadF target accepts (who may upload there: `UPLOAD_ROLES` in the policy). */
const UPLOAD_RULES: Record<UploadTarget, UploadRules> = {
  preview: PREVIEW_UPLOAD,
  document: DOCUMENT_UPLOAD,
  answer: DOCUMENT_UPLOAD,
  certificate: CERTIFICATE_UPLOAD,
};

/**
 * The target the fields name — a webinar's preview or document, an answer's file, else a certificate
 * template — refused (400 for a bad id, 403 for the caller's role) before any of the file is read.
 */
function uploadTarget(fields: Record<string, string>, roleId: RoleId): UploadTarget {
  if (fields.ScormID !== undefined) throw badRequest('upload_target_unavailable', { field: 'ScormID' });
  let target: UploadTarget = 'certificate';
  if (fields.WebID !== undefined) {
    targetId(fields, 'WebID');
    target = fields.Types === 'preview' ? 'preview' : 'document';
  } else if (fields.AnswerID !== undefined) {
    targetId(fields, 'AnswerID');
    target = 'answer';
  }
  if (!uploadsTo(target, roleId)) throw forbidden();
  return target;
}

/** A record id from a multipart field, or 400 naming the field. */
function targetId(fields: Record<string, string>, field: string): number {
  const parsed = id.safeParse(fields[field]);
  if (!parsed.success) throw badRequest('upload_target_invalid', { field });
  return parsed.data;
}

interface FilesRouteServices {
  files: FilesService;
  users: UsersService;
  questions: QuestionsService;
  certificates: CertificatesService;
  webinars: WebinarsService;
  problems: ProblemsService;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRouteServices> = async (
  app,
  { files, users, questions, certificates, webinars, problems },
) => {
  // A photo of a person (UserID, section users) or of a question (QuestionID, section questions):
  // the route admits whoever may use either section, the handler checks the one the upload names.
  route(
    app,
    fileEndpoints.uploadImage,
    {
      config: filesAccess.images,
      schema: {
        tags: ['files'],
        summary: 'Upload one photo of a person or of a question',
        description:
          'multipart/form-data with `file` (JPEG or PNG by content, at most 1,000,000 bytes) and either `UserID` (administrators; ' +
          'one call per photo, a person may have several) or `QuestionID` (whoever edits questions; it replaces the question’s photo).',
        consumes: ['multipart/form-data'],
        response: refusals,
      },
    },
    async (request) => {
      const { file, fields } = await files.readPhotoUpload(request);
      const targetId = (value: string | undefined) => {
        const parsed = id.safeParse(value);
        if (!value || !parsed.success) throw badRequest('photo_target_missing');
        return parsed.data;
      };
      if (fields.QuestionID !== undefined) {
        const questionId = targetId(fields.QuestionID);
        if (!setsQuestionImage(request.user.roleId)) throw forbidden();
        const image = await questions.setImage(request.user, questionId, file);
        return { status: true, message: translate('question_image_uploaded', request.language), data: image };
      }
      const userId = targetId(fields.UserID);
      if (!setsPersonPhoto(request.user.roleId)) throw forbidden();
      const photo = await users.addPhoto(request.user, userId, file);
      return { status: true, message: translate('photo_uploaded', request.language), data: photo };
    },
  );

  // the spec's path has a literal "id:" before the id; "::" escapes the colon for the router
  route(
    app,
    fileEndpoints.removeImage,
    {
      config: filesAccess.people,
      schema: {
        tags: ['files'],
        summary: 'Delete a photo',
        response: refusals,
      },
    },
    async (request) => {
      await users.deletePhoto(request.user, request.params.id);
      return { status: true, message: translate('photo_deleted', request.language) };
    },
  );

  // One path for every document upload of the spec, told apart by its fields: a webinar's preview
  // (WebID + Types 'preview') or document (WebID), an answer's file (AnswerID), a SCORM package
  // (ScormID, later), else a certificate template. Each target checks its own access.
  route(
    app,
    fileEndpoints.uploadFile,
    {
      config: filesAccess.documents,
      schema: {
        tags: ['files'],
        summary: 'Upload a document: a webinar’s preview or document, an answer’s file, or a certificate template',
        description: [
          'multipart/form-data with `file` (at most 10,000,000 bytes, type by content; only the first file is used) and, before it:',
          '`WebID` and `Types: preview` — the webinar’s preview video (MP4, WebM or MOV; whoever may edit the webinar), answers `Preview`;',
          '`WebID` — a document of the webinar’s room (PDF, DOCX, XLSX, PPTX, JPEG, PNG, MP4, WebM, MP3, ZIP; its teacher or an administrator), answers `docs`;',
          '`AnswerID` — a file of an answer in a question thread (same types; the answer’s author), answers `docs`;',
          'nothing else — a certificate template (PDF, DOCX, JPEG or PNG; administrators), answers `Name`, `Path`, `Size` for POST /api/cer/new.',
          '`ScormID` is not available yet and answers 400.',
          'The fields must precede the file: the caller is refused (403) before the file is read, and a target field after the file answers 400.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: errorResponses(400, 401, 403, 404, 413, 415, 422),
      },
    },
    async (request) => {
      // the target is settled by the fields before the file, so a refused caller's file is never read
      const roleId = request.user.roleId;
      const { file, fields, fieldsBeforeFile } = await files.readUpload(
        request,
        CERTIFICATE_UPLOAD,
        (before) => UPLOAD_RULES[uploadTarget(before, roleId)],
      );
      const target = uploadTarget(fieldsBeforeFile, roleId);
      // a target named only after the file would have been judged as another
      if (uploadTarget(fields, roleId) !== target) throw badRequest('upload_fields_first');
      const message = translate('file_uploaded', request.language);
      if (target === 'preview') {
        return { status: true, message, Preview: await webinars.setPreview(request.user, targetId(fields, 'WebID'), file) };
      }
      if (target === 'document') {
        return { status: true, message, docs: await webinars.addDocument(request.user, targetId(fields, 'WebID'), file) };
      }
      if (target === 'answer') {
        return { status: true, message, docs: await problems.addAnswerDocument(request.user, targetId(fields, 'AnswerID'), file) };
      }
      const stored = await certificates.storeFile(request.user, file);
      return { status: true, message, ...stored };
    },
  );

  // files are named by 128 random bits, so their URL is the capability (an <img> cannot send a token)
  app.get(
    '/files/*',
    { config: filesAccess.stored, schema: { tags: ['files'], summary: 'A stored file by its Path', hide: true } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const found = STORAGE_KEY.test(key) ? await files.open(key) : null;
      if (!found) return reply.callNotFound();
      return reply
        .type(found.contentType)
        .header('content-length', found.size)
        .header('content-disposition', found.disposition)
        .header('cache-control', found.cacheControl)
        .send(found.stream);
    },
  );
};

import { CERTIFICATE_MIME_TYPES, certificateEndpoints, DOCUMENT_MAX_BYTES, errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import type { UploadRules } from '../files/files.service.js';
import type { UploadTargets } from '../files/upload-targets.js';
import { certificatesAccess } from './certificates.policy.js';
import type { CertificatesService } from './certificates.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['certificates'];

/** A certificate template: PDF, JPEG, PNG or DOCX by content, at most DOCUMENT_MAX_BYTES. */
const TEMPLATE_UPLOAD: UploadRules = {
  maxBytes: DOCUMENT_MAX_BYTES,
  mimeTypes: CERTIFICATE_MIME_TYPES,
  tooLarge: 'certificate_file_too_large',
  wrongType: 'certificate_file_type',
  missing: 'certificate_file_missing',
};

export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService; uploads: UploadTargets }> = async (
  app,
  { certificates, uploads },
) => {
  // the files module's document path takes what names no other target: a certificate template
  uploads.register({
    name: 'no target field — a certificate template (PDF, DOCX, JPEG or PNG; administrators), answers `Name`, `Path`, `Size` for POST /api/cer/new',
    endpoint: certificateEndpoints.uploadTemplate,
    badForm: 'upload_target_invalid',
    rules: TEMPLATE_UPLOAD,
    folder: 'certificates',
    roles: certificatesAccess.manage.access.roles,
    store: async (request, file) => ({
      status: true,
      message: translate('file_uploaded', request.language),
      ...(await certificates.storeFile(request.user, file)),
    }),
  });

  route(
    app,
    certificateEndpoints.list,
    {
      config: certificatesAccess.manage,
      schema: {
        tags,
        summary: 'Certificate templates, a page at a time, by name',
        description: '`search` matches the name or the file name.',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await certificates.list(request.query)) }),
  );

  route(
    app,
    certificateEndpoints.get,
    { config: certificatesAccess.manage, schema: { tags, summary: 'One certificate template', response: refusals } },
    async (request) => ({ status: true, message: '', data: await certificates.get(request.params.id) }),
  );

  route(
    app,
    certificateEndpoints.create,
    {
      config: certificatesAccess.manage,
      schema: {
        tags,
        summary: 'Create a certificate template from an uploaded file',
        description: '`Path` is the one POST /uploadF answered; any other path answers 422.',
        response: refusals,
      },
    },
    async (request) => {
      const id = await certificates.create(request.user, request.body);
      return { status: true, message: translate('certificate_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    certificateEndpoints.update,
    {
      config: certificatesAccess.manage,
      schema: {
        tags,
        summary: 'Rename a certificate template or replace its file',
        description:
          'A `Path` other than the current one must come from POST /uploadF (else 422); the replaced file is removed when nothing else uses it. ' +
          '`FileName` and `Path` may be left out to keep the file.',
        response: refusals,
      },
    },
    async (request) => {
      await certificates.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('certificate_updated', request.language) };
    },
  );

  route(
    app,
    certificateEndpoints.remove,
    {
      config: certificatesAccess.manage,
      schema: {
        tags,
        summary: 'Delete a certificate template no plan uses',
        description: 'A certificate named by a plan answers 409, saying how many plans use it.',
        response: refusals,
      },
    },
    async (request) => {
      await certificates.remove(request.user, request.params.id);
      return { status: true, message: translate('certificate_deleted', request.language), archived: false };
    },
  );
};

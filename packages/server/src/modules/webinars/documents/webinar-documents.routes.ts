import { errorResponses, webinarEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../../i18n/messages.js';
import { route } from '../../../plugins/endpoint.js';
import { DOCUMENT_UPLOAD } from '../../files/files.service.js';
import type { UploadTargets } from '../../files/upload-targets.js';
import { webinarsAccess } from '../webinars.policy.js';
import type { WebinarDocumentsService } from './webinar-documents.service.js';

const tags = ['webinars'];
const refusals = errorResponses(400, 401, 403, 404, 422);

/** learner-and-instructor.md §7 delete/docs: a room's documents, added through the files module's upload route (POST /uploadF). */
export const webinarDocumentsRoutes: FastifyPluginAsyncZod<{ documents: WebinarDocumentsService; uploads: UploadTargets }> = async (
  app,
  { documents, uploads },
) => {
  uploads.register({
    name: '`WebID` — a document of the webinar’s room (PDF, DOCX, XLSX, PPTX, JPEG, PNG, MP4, WebM, MP3, ZIP, at most 10,000,000 bytes; its teacher or an administrator), answers `docs`',
    endpoint: webinarEndpoints.uploadDocument,
    // the preview is named by WebID too, with `Types: preview`
    names: (fields) => fields.WebID !== undefined && fields.Types !== 'preview',
    badForm: 'upload_target_invalid',
    rules: DOCUMENT_UPLOAD,
    folder: 'webinars',
    roles: webinarsAccess.roomRunners.access.roles,
    store: async (request, file, { WebID }) => ({
      status: true,
      message: translate('file_uploaded', request.language),
      docs: await documents.add(request.user, WebID, file),
    }),
  });

  route(
    app,
    webinarEndpoints.removeDocument,
    {
      config: webinarsAccess.roomRunners,
      schema: {
        tags,
        summary: 'Delete a document of a room (its teacher or an administrator)',
        description: 'The file is removed; open rooms get a `docs` event; answers the room’s documents.',
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('document_deleted', request.language),
      docs: await documents.remove(request.user, request.params.id),
    }),
  );
};

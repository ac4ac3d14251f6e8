import { errorResponses, webinarEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../../i18n/messages.js';
import { route } from '../../../plugins/endpoint.js';
import { webinarsAccess } from '../webinars.policy.js';
import type { WebinarDocumentsService } from './webinar-documents.service.js';

const tags = ['webinars'];
const refusals = errorResponses(400, 401, 403, 404, 422);

/** learner-and-instructor.md §7 delete/docs: a room's documents (they are added through the upload route, POST /uploadF). */
export const webinarDocumentsRoutes: FastifyPluginAsyncZod<{ documents: WebinarDocumentsService }> = async (app, { documents }) => {
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

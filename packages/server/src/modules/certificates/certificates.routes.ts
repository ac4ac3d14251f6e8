import { certificateEndpoints, errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { certificatesAccess } from './certificates.policy.js';
import type { CertificatesService } from './certificates.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['certificates'];

export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (app, { certificates }) => {
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

import { errorResponses, retakeEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { retakesAccess } from './retakes.policy.js';
import type { RetakesService } from './retakes.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['retakes'];
const RULES =
  'The person must be a trainee and the test one of their plan (422 otherwise); a person has at most one unused retake of a test (409). ' +
  '`Date` is ISO 8601 with an offset, seconds optional (the original client sends `YYYY-MM-DDTHH:mm+06:00`).';

export const retakesRoutes: FastifyPluginAsyncZod<{ retakes: RetakesService }> = async (app, { retakes }) => {
  route(
    app,
    retakeEndpoints.create,
    {
      config: retakesAccess.manage,
      schema: {
        tags,
        summary: 'Assign a trainee a retake of a test of their plan, from a date and time',
        description: RULES,
        response: refusals,
      },
    },
    async (request) => {
      const id = await retakes.create(request.user, request.body);
      return { status: true, message: translate('retake_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    retakeEndpoints.list,
    {
      config: retakesAccess.manage,
      schema: {
        tags,
        summary: 'Retakes, a page at a time (newest date first), or one retake with ?id=',
        description:
          'Without `id`: `{exam: Retake[], pages, total}`, searched by name, personnel number or test name, optionally of one person (`user`). ' +
          'With `id`: `{exam: Retake}`, 404 when there is none.',
        response: refusals,
      },
    },
    async (request) => {
      const { id, ...filter } = request.query;
      if (id !== undefined) return { status: true, message: '', exam: await retakes.get(id, request.language) };
      const { data, pages, total } = await retakes.list(filter, request.language);
      return { status: true, message: '', exam: data, pages, total };
    },
  );

  route(
    app,
    retakeEndpoints.update,
    {
      config: retakesAccess.manage,
      schema: {
        tags,
        summary: 'Change a retake’s person, test or date',
        description: `${RULES} A retake an attempt was made on cannot be changed (409).`,
        response: refusals,
      },
    },
    async (request) => {
      await retakes.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('retake_updated', request.language) };
    },
  );

  route(
    app,
    retakeEndpoints.remove,
    {
      config: retakesAccess.manage,
      schema: {
        tags,
        summary: 'Cancel a retake',
        description: 'A retake an attempt was made on stays on record (409).',
        response: refusals,
      },
    },
    async (request) => {
      await retakes.remove(request.user, request.params.id);
      return { status: true, message: translate('retake_deleted', request.language) };
    },
  );

  route(
    app,
    retakeEndpoints.lookUp,
    {
      config: retakesAccess.manage,
      schema: {
        tags,
        summary: 'Look a person up by personnel number, with the tests of their plan',
        description: '404 when no live person has this personnel number.',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', exam: await retakes.lookUp(request.query.tabel) }),
  );
};

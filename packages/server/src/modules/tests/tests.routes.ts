import { errorResponses, testEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import type { AttemptsService } from '../attempts/attempts.service.js';
import { readsAsLearner, testsAccess } from './tests.policy.js';
import type { TestsService } from './tests.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['tests'];

export const testsRoutes: FastifyPluginAsyncZod<{ tests: TestsService; attempts: AttemptsService }> = async (app, { tests, attempts }) => {
  route(
    app,
    testEndpoints.list,
    {
      config: testsAccess.manage,
      schema: {
        tags,
        summary: 'Tests, a page at a time, optionally of one plan or topic',
        description: 'Each test carries its live question count, trainees who passed it and attempts on record.',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await tests.list(request.query)) }),
  );

  route(
    app,
    testEndpoints.get,
    {
      // staff read the admin shape; a trainee reads a test of their plan through the testing engine
      config: testsAccess.read,
      schema: {
        tags,
        summary: 'One test',
        description: 'Staff: the admin shape. A trainee: a test of their plan with their status (404 for any other test).',
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: '',
      data: readsAsLearner(request.user)
        ? await attempts.testDetails(request.user.id, request.params.id)
        : await tests.get(request.params.id),
    }),
  );

  route(
    app,
    testEndpoints.create,
    {
      config: testsAccess.manage,
      schema: {
        tags,
        summary: 'Create a test in a topic of a plan',
        description: 'The topic must belong to the plan (422 otherwise). Position is kept only for a webinar’s test (Type true).',
        response: refusals,
      },
    },
    async (request) => {
      const id = await tests.create(request.user, request.body);
      return { status: true, message: translate('test_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    testEndpoints.update,
    { config: testsAccess.manage, schema: { tags, summary: 'Edit a test', response: refusals } },
    async (request) => {
      await tests.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('test_updated', request.language) };
    },
  );

  route(
    app,
    testEndpoints.remove,
    {
      config: testsAccess.manage,
      schema: {
        tags,
        summary: 'Delete a test with its questions',
        description: 'A test with attempts on record is refused with 409: results are never deleted.',
        response: refusals,
      },
    },
    async (request) => {
      await tests.remove(request.user, request.params.id);
      return { status: true, message: translate('test_deleted', request.language), archived: false };
    },
  );
};

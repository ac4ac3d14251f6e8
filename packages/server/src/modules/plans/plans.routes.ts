import { errorResponses, PAGE_SIZE, planEndpoints, UNPAGED_MAX_ROWS } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { plansAccess } from './plans.policy.js';
import type { PlansService } from './plans.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['plans'];

export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  route(
    app,
    planEndpoints.list,
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Education plans, a page at a time, by name',
        description:
          '`search` matches the name or a position. Topiccount, Totalhour (sum of the topics’ hours) and Studentcount ' +
          '(people following the plan) are computed for each plan.',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await plans.list(request.query)) }),
  );

  route(
    app,
    planEndpoints.get,
    {
      config: plansAccess.manage,
      schema: { tags, summary: 'One education plan', response: refusals },
    },
    async (request) => ({ status: true, message: '', data: await plans.get(request.params.id) }),
  );

  route(
    app,
    planEndpoints.withTopics,
    {
      config: plansAccess.pickers,
      schema: {
        tags,
        summary: 'Plans with their topics, for the test and webinar forms',
        description: `Plans by name, each plan’s topics by position. With \`page\`: ${PAGE_SIZE} plans a page, with \`pages\` and \`total\`; without it the first ${UNPAGED_MAX_ROWS} plans.`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await plans.withTopics(request.query.page)) }),
  );

  route(
    app,
    planEndpoints.create,
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Create an education plan',
        description:
          '`Duty` is a list or comma-separated text. An unknown `CertificateID`, or a `Types` that is not an education type, answers 422.',
        response: refusals,
      },
    },
    async (request) => {
      const id = await plans.create(request.user, request.body);
      return { status: true, message: translate('plan_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    planEndpoints.update,
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Edit an education plan',
        description: 'Fields left out keep their value; `null` clears `CertificateID` or `Types`.',
        response: refusals,
      },
    },
    async (request) => {
      await plans.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('plan_updated', request.language) };
    },
  );

  route(
    app,
    planEndpoints.remove,
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Delete an education plan with its topics and tests',
        description:
          'Refused with 409 when any of its tests has results (the message says how many). Otherwise its topics, tests and ' +
          'questions go with it, and the people following it are left without a plan (the message says how many).',
        response: refusals,
      },
    },
    async (request) => {
      const { detached } = await plans.remove(request.user, request.params.id);
      return { status: true, message: translate('plan_deleted', request.language, { detached }), archived: false };
    },
  );
};

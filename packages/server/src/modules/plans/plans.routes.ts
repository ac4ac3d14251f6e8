import {
  createdResponse,
  createPlanRequest,
  deletedResponse,
  errorResponses,
  idParam,
  okEnvelope,
  optionalPageQuery,
  PAGE_SIZE,
  planResponse,
  plansAndTopicsResponse,
  plansPage,
  plansQuery,
  UNPAGED_MAX_ROWS,
  updatePlanRequest,
} from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { plansAccess } from './plans.policy.js';
import type { PlansService } from './plans.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['plans'];

export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get(
    '/api/subject/getplans',
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Education plans, a page at a time, by name',
        description:
          '`search` matches the name or a position. Topiccount, Totalhour (sum of the topics’ hours) and Studentcount ' +
          '(people following the plan) are computed for each plan.',
        querystring: plansQuery,
        response: { 200: plansPage, ...refusals },
      },
    },
    async (request) => ({ status: true, message: '', ...(await plans.list(request.query)) }),
  );

  app.get(
    '/api/subject/getplan/:id',
    {
      config: plansAccess.manage,
      schema: { tags, summary: 'One education plan', params: idParam, response: { 200: planResponse, ...refusals } },
    },
    async (request) => ({ status: true, message: '', data: await plans.get(request.params.id) }),
  );

  app.get(
    '/api/getplanandtopics',
    {
      config: plansAccess.pickers,
      schema: {
        tags,
        summary: 'Plans with their topics, for the test and webinar forms',
        description: `Plans by name, each plan’s topics by position. With \`page\`: ${PAGE_SIZE} plans a page, with \`pages\` and \`total\`; without it the first ${UNPAGED_MAX_ROWS} plans.`,
        querystring: optionalPageQuery,
        response: { 200: plansAndTopicsResponse, ...refusals },
      },
    },
    async (request) => ({ status: true, message: '', ...(await plans.withTopics(request.query.page)) }),
  );

  app.post(
    '/api/subject/newplan',
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Create an education plan',
        description:
          '`Duty` is a list or comma-separated text. An unknown `CertificateID`, or a `Types` that is not an education type, answers 422.',
        body: createPlanRequest,
        response: { 200: createdResponse, ...refusals },
      },
    },
    async (request) => {
      const id = await plans.create(request.user, request.body);
      return { status: true, message: translate('plan_created', request.language), data: { ID: id } };
    },
  );

  app.put(
    '/api/subject/updateplan/:id',
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Edit an education plan',
        description: 'Fields left out keep their value; `null` clears `CertificateID` or `Types`.',
        params: idParam,
        body: updatePlanRequest,
        response: { 200: okEnvelope, ...refusals },
      },
    },
    async (request) => {
      await plans.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('plan_updated', request.language) };
    },
  );

  app.delete(
    '/api/subject/deleteplan/:id',
    {
      config: plansAccess.manage,
      schema: {
        tags,
        summary: 'Delete an education plan with its topics and tests',
        description:
          'Refused with 409 when any of its tests has results (the message says how many). Otherwise its topics, tests and ' +
          'questions go with it, and the people following it are left without a plan (the message says how many).',
        params: idParam,
        response: { 200: deletedResponse, ...refusals },
      },
    },
    async (request) => {
      const { detached } = await plans.remove(request.user, request.params.id);
      return { status: true, message: translate('plan_deleted', request.language, { detached }), archived: false };
    },
  );
};

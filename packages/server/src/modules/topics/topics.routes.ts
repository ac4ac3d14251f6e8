import { errorResponses, topicEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { topicsAccess } from './topics.policy.js';
import type { TopicsService } from './topics.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['topics'];

export const topicsRoutes: FastifyPluginAsyncZod<{ topics: TopicsService }> = async (app, { topics }) => {
  route(
    app,
    topicEndpoints.list,
    {
      config: topicsAccess.manage,
      schema: {
        tags,
        summary: 'Topics, a page at a time, by plan name and position',
        description: 'Filters: `plan` (plan id), `type` (topic type 9 or 10), `search` (name, theme number or thematic text).',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await topics.list(request.query)) }),
  );

  route(
    app,
    topicEndpoints.get,
    { config: topicsAccess.manage, schema: { tags, summary: 'One topic', response: refusals } },
    async (request) => ({
      status: true,
      message: '',
      data: await topics.get(request.params.id),
    }),
  );

  route(
    app,
    topicEndpoints.create,
    {
      config: topicsAccess.manage,
      schema: {
        tags,
        summary: 'Create a topic in a plan',
        description:
          'An unknown `PlanID`, a `TypeID` that is not a topic type (/api/gettopictype) or an `EduType` that is not an ' +
          'education type (/api/gettopicedutype) answers 422.',
        response: refusals,
      },
    },
    async (request) => {
      const id = await topics.create(request.user, request.body);
      return { status: true, message: translate('topic_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    topicEndpoints.update,
    {
      config: topicsAccess.manage,
      schema: {
        tags,
        summary: 'Edit a topic',
        description:
          'The same fields as on creation; a missing `Date` keeps the scheduled time. Moved to another plan, the topic takes its tests along.',
        response: refusals,
      },
    },
    async (request) => {
      await topics.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('topic_updated', request.language) };
    },
  );

  route(
    app,
    topicEndpoints.remove,
    {
      config: topicsAccess.manage,
      schema: {
        tags,
        summary: 'Delete a topic with its tests',
        description: 'Refused with 409 when any of its tests has results (the message says how many).',
        response: refusals,
      },
    },
    async (request) => {
      await topics.remove(request.user, request.params.id);
      return { status: true, message: translate('topic_deleted', request.language), archived: false };
    },
  );
};

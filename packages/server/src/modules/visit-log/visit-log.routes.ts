import { errorResponses, visitLogEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint.js';
import { visitLogAccess } from './visit-log.policy.js';
import type { VisitLogService } from './visit-log.service.js';

const refusals = errorResponses(400, 401, 403, 404);
const tags = ['visit log'];
const RESULT =
  'A test’s Status is `Ожидается` until an attempt is finished, then `Пройден` when one passed, else `Не пройден`; ' +
  'Result is the best finished attempt’s right answers in percent, rounded (`""` while waiting), Plus its right answers, Minus the rest.';

export const visitLogRoutes: FastifyPluginAsyncZod<{ visitLog: VisitLogService }> = async (app, { visitLog }) => {
  route(
    app,
    visitLogEndpoints.plans,
    {
      config: visitLogAccess.read,
      schema: {
        tags,
        summary: 'Plans with attendance, a page at a time by name, each with its topics',
        description:
          'Attendance: Total = live trainees of the plan; Passed = those who passed every test of the plan (a topic: its tests, or its webinar when it has none). ' +
          'A topic’s Date and Time are its schedule in the organisation’s time zone. `search`: plan name.',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await visitLog.plans(request.query, request.language)) }),
  );

  route(
    app,
    visitLogEndpoints.topic,
    {
      config: visitLogAccess.read,
      schema: {
        tags,
        summary: 'The trainees of a topic’s plan with their results at its tests, a page at a time by name',
        description: `\`search\`: name, IIN or personnel number. Date: the latest finished attempt at the topic’s tests or webinar joined. ${RESULT} 404 for an unknown topic.`,
        response: refusals,
      },
    },
    async (request) => {
      const { id, ...query } = request.query;
      return { status: true, message: '', ...(await visitLog.topic(id, query, request.language)) };
    },
  );

  route(
    app,
    visitLogEndpoints.trainee,
    {
      config: visitLogAccess.read,
      schema: {
        tags,
        summary: 'One trainee’s tests of their plan (or of one topic with `topic`) and results',
        description: `${RESULT} Questions: the test’s current question count. 404 unless the person is a live trainee.`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await visitLog.trainee(request.query.id, request.query.topic)) }),
  );
};

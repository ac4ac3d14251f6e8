import { errorResponses, webinarEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../plugins/endpoint.js';
import { webinarsAccess } from '../webinars.policy.js';
import type { WebinarTestsService } from './webinar-tests.service.js';

const tags = ['webinars'];
const refusals = errorResponses(400, 401, 403, 404, 422);

/** learner-and-instructor.md §7 test/webinar: a webinar's tests. */
export const webinarTestsRoutes: FastifyPluginAsyncZod<{ tests: WebinarTestsService }> = async (app, { tests }) => {
  route(
    app,
    webinarEndpoints.tests,
    {
      config: webinarsAccess.roomReaders,
      schema: {
        tags: [...tags, 'testing'],
        summary: 'The tests of a webinar, in order, and its main test',
        description: [
          'The webinar tests of its topic by position; `exam` is the first (where trainees go when it ends).',
          "A trainee: 'В процессе' for their running attempt or a test open now, 'Пройден'/'Не пройден' and Result (correct answers)",
          "for their latest finished attempt, else 'Ожидается'. Staff: 'Ожидается' never opened, 'В процессе' open now,",
          "'Пройден' its time over, with Result = finished attempts. Access as GET /api/web/getweb/{id}.",
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await tests.tests(request.user, request.params.id)) }),
  );
};

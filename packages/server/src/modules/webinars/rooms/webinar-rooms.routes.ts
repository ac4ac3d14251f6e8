import { errorResponses, webinarEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../../i18n/messages.js';
import { route } from '../../../plugins/endpoint.js';
import { webinarsAccess } from '../webinars.policy.js';
import type { WebinarRoomsService } from './webinar-rooms.service.js';

const tags = ['webinars'];
const refusals = errorResponses(400, 401, 403, 404, 422);

/** learner-and-instructor.md §7 web/startweb, web/endweb, web/setattend: running a room and joining it. */
export const webinarRoomsRoutes: FastifyPluginAsyncZod<{ rooms: WebinarRoomsService }> = async (app, { rooms }) => {
  route(
    app,
    webinarEndpoints.start,
    {
      config: webinarsAccess.roomRunners,
      schema: {
        tags,
        summary: 'Start a webinar (its teacher or an administrator)',
        description:
          "Only while it is 'В процессе' (422 otherwise); the start is recorded once, and open rooms get a `status` event. " +
          'Another teacher’s webinar: 403.',
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('webinar_started', request.language),
      data: await rooms.start(request.user, request.body.WebID),
    }),
  );

  route(
    app,
    webinarEndpoints.end,
    {
      config: webinarsAccess.roomRunners,
      schema: {
        tags,
        summary: 'End a webinar (its teacher or an administrator)',
        description:
          "It then reads 'Завершен' for good; open rooms get a `status` event with `EndedAt`. Ending it again changes nothing. " +
          'The attendees are sent to the main test (the first webinar test of the topic): if it was never opened and has questions, ' +
          'it opens for everyone at that moment (rooms get its `test` event before the `status` one). ' +
          "Not before it is 'В процессе' (422). Another teacher’s webinar: 403.",
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('webinar_ended', request.language),
      data: await rooms.end(request.user, request.params.id),
    }),
  );

  route(
    app,
    webinarEndpoints.attend,
    {
      config: webinarsAccess.learner,
      schema: {
        tags,
        summary: 'Join a webinar (a trainee of its plan)',
        description:
          "Only while it is 'В процессе' (422 otherwise). Records the first join and the latest; the attendance record is kept for good. " +
          'A webinar of another plan: 404.',
        response: refusals,
      },
    },
    async (request) => {
      await rooms.join(request.user, request.body.WebID);
      return { status: true, message: translate('webinar_joined', request.language) };
    },
  );
};

import { errorResponses, WEBINAR_EVENT_HEARTBEAT_SECONDS, webinarEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint.js';
import { startEventStream } from '../../plugins/sse.js';
import { hashToken } from '../auth/auth.service.js';
import { presenceAccess } from './presence.policy.js';
import type { PresenceService } from './presence.service.js';

/** GET /api/web/events/{id}: the room's Server-Sent Events. */
export const presenceRoutes: FastifyPluginAsyncZod<{ presence: PresenceService }> = async (app, { presence }) => {
  presence.logTo((message, error) => app.log.warn({ err: error }, message));
  // before the server waits for open requests to finish: an event stream never would by itself
  app.addHook('preClose', async () => presence.shutdown());

  route(
    app,
    webinarEndpoints.events,
    {
      config: presenceAccess.roomPeople,
      schema: {
        tags: ['webinars'],
        summary: 'The room’s live events (Server-Sent Events)',
        description: [
          '`text/event-stream`, signed in by the `Authorization: Bearer` header (read it with `fetch`; `EventSource` cannot send the header).',
          'Opens with the comment `: ready` — load the room’s data after it. Frames are `event: <type>` + `data: <JSON>`:',
          '`chat` (a Chat message), `status` {Status, EndedAt}, `test` {TestID, Deadline}, `docs` {Docs}, `online` {Online, TotalStudents}',
          '(at most one every 2 s), `refetch` {What} (reload that part, or everything for `all`).',
          `A comment \`: heartbeat\` every ${WEBINAR_EVENT_HEARTBEAT_SECONDS} s keeps proxies from closing it and records the caller as present;`,
          'each open stream is one presence record (opened, last seen, closed) from which attendance is computed.',
          'Who may open it: an administrator any webinar, a teacher their own, a trainee one of their plan (404 otherwise).',
          'The stream ends when its session does (sign-out, blocking, a role or password change), on every server process;',
          'a session holds at most EVENT_STREAMS_PER_SESSION of these streams open over all server processes, and opening one more ends its oldest (told `retry: 30000`).',
        ].join(' '),
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      // refusals are still ordinary JSON answers: nothing is sent before access is settled
      const access = await presence.roomAccess(request.user, request.params.id);
      const res = startEventStream(reply);
      const socket = res.socket;
      // each frame comes encoded once for all viewers, as an HTTP chunk when the response is chunked
      // (any HTTP/1.1 client); handing it to the socket skips the response's per-write framing, which
      // made fan-out to 5,000 viewers about half as fast again
      const direct = socket !== null && (socket as { _httpMessage?: unknown })._httpMessage === res;
      // the route is not public, so the caller came with a token
      const session = { user: request.user, tokenHash: hashToken(request.token ?? '') };
      const stream = presence.open(session, access, {
        write: (frame) => (direct && socket ? socket.write(res.chunkedEncoding ? frame.chunked : frame.raw) : res.write(frame.raw)),
        get queued() {
          return direct && socket ? socket.writableLength : res.writableLength;
        },
        end: () => res.end(),
      });
      res.once('close', () => presence.close(stream));
      if (res.destroyed) presence.close(stream);
      // hijacked: Fastify sends nothing more for it
      return reply;
    },
  );
};

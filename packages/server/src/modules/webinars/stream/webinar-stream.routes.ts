import { errorResponses, STREAM_CLOSE, streamEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../errors.js';
import { translate } from '../../../i18n/messages.js';
import { route } from '../../../plugins/endpoint.js';
import { webinarsAccess } from '../webinars.policy.js';
import type { WebinarStreamService } from './webinar-stream.service.js';

const tags = ['webinars'];

const PUBLISH_PROTOCOL = [
  'A WebSocket (`ws:` or `wss:`), opened with the ticket of POST /api/web/streamticket (valid 60 s): only the webinar’s teacher, only while it is ‘В процессе’.',
  'The server sends `{"type":"ready"}`; the browser sends `{"type":"start","mimeType":…}` and then its MediaRecorder’s chunks as binary messages (1 s each, at most 4 MB),',
  '`{"type":"stop"}` before switching camera and screen, then `start` again. Each `start` is a take: the server pipes it into its own ffmpeg, which makes 2-s HLS segments (H.264 copied, VP8/VP9 encoded to H.264).',
  'The server sends `{"type":"live","segments","seconds"}` as each segment is published, `{"type":"restart"}` when its ffmpeg failed (begin a new take), `{"type":"error","message"}` before it closes.',
  `Close codes: ${STREAM_CLOSE.badTicket} ticket invalid or expired (get a new one), ${STREAM_CLOSE.forbidden} not the teacher, ${STREAM_CLOSE.notLive} not ‘В процессе’,`,
  `${STREAM_CLOSE.replaced} another connection took over, ${STREAM_CLOSE.idle} nothing sent for STREAM_IDLE_SECONDS, ${STREAM_CLOSE.badMessage} a message it does not know.`,
  'A reconnect continues the same broadcast after its last segment. A plain request to this address: 426.',
].join(' ');

/** The webinar's own live stream: publishing, watching, watch time and the recording (docs/ARCHITECTURE.md "Live stream"). */
export const webinarStreamRoutes: FastifyPluginAsyncZod<{ stream: WebinarStreamService }> = async (app, { stream }) => {
  stream.logTo((message, details) => app.log.info(details ?? {}, message));
  // before the server closes its sockets: each broadcast packages what it was sent
  app.addHook('preClose', async () => stream.close());

  route(
    app,
    streamEndpoints.ticket,
    {
      config: webinarsAccess.roomRunners,
      schema: {
        tags,
        summary: 'A ticket to publish the webinar’s stream',
        description:
          'The webinar’s own teacher (403 for anyone else, an administrator too), while it is ‘В процессе’ (422). 503 when the server has no ffmpeg. ' +
          'The ticket opens GET /api/web/stream/{id} once within 60 s: the session token never goes into an address.',
        response: errorResponses(400, 401, 403, 404, 422, 503),
      },
    },
    async (request) => ({ status: true, message: '', data: await stream.publishTicket(request.user, request.body.WebID) }),
  );

  route(
    app,
    streamEndpoints.publish,
    {
      config: webinarsAccess.streamByToken,
      schema: {
        tags,
        summary: 'Publish the webinar’s stream (WebSocket)',
        description: PUBLISH_PROTOCOL,
        response: errorResponses(400, 426),
      },
      wsHandler: (socket, request) => {
        const { id } = request.params as { id: number };
        const { ticket } = request.query as { ticket?: string };
        // chunks that arrive while the ticket is checked wait for the broadcast
        const early: { data: Buffer; isBinary: boolean }[] = [];
        let receive = (data: Buffer, isBinary: boolean) => {
          early.push({ data, isBinary });
        };
        socket.on('message', (data, isBinary) => receive(data as Buffer, isBinary));
        void stream.connect(id, ticket, socket, request.language).then(
          (outcome) => {
            if ('refused' in outcome) {
              const message = translate(outcome.refused.reason, request.language);
              socket.send(JSON.stringify({ type: 'error', message }));
              socket.close(outcome.refused.code, outcome.refused.reason);
              return;
            }
            const { broadcast } = outcome;
            receive = (data, isBinary) => broadcast.receive(data, isBinary);
            for (const message of early) broadcast.receive(message.data, message.isBinary);
            socket.once('close', () => void stream.disconnected(broadcast));
            if (socket.readyState !== socket.OPEN) void stream.disconnected(broadcast);
          },
          (error: unknown) => {
            request.log.error({ err: error }, 'opening a broadcast failed');
            socket.close(1011, 'server_error');
          },
        );
      },
    },
    async () => {
      throw new AppError(426, 'stream_websocket_only');
    },
  );

  route(
    app,
    streamEndpoints.watch,
    {
      config: webinarsAccess.roomReaders,
      schema: {
        tags,
        summary: 'What the caller can play of the webinar’s stream, and its signed address',
        description:
          '`State`: `waiting` (‘В процессе’, nothing broadcast yet), `live`, `recording` (ended and kept), `none`. ' +
          '`Url` is the HLS playlist with a token valid STREAM_URL_MINUTES (default 10): ask again before `ExpiresAt`. ' +
          'Staff who read the webinar; trainees of its plan, live only once they joined the room (403, the join is where the face check stands), the recording without. 404 like GET /api/web/getweb/{id}.',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => ({ status: true, message: '', data: await stream.watch(request.user, request.params.id) }),
  );

  route(
    app,
    streamEndpoints.hls,
    {
      config: webinarsAccess.streamByToken,
      // a thousand viewers fetch a segment every two seconds: the page headers helmet builds for each
      // request (a tenth of the time here) mean nothing to a video player; nosniff is set below
      helmet: false,
      schema: {
        tags,
        summary: 'The HLS playlist and segments of the stream or its recording',
        description:
          '`index.m3u8`: the live window of 2-s segments (re-read each second), or the recording’s VOD playlist as it was finalised (`#EXT-X-ENDLIST`). ' +
          '`{n}.ts`: a segment (MPEG-TS, H.264 and AAC). Both need `t`, the token of GET /api/web/streamwatch/{id}: 403 when it is missing, expired or for another webinar. No session is read.',
        response: errorResponses(400, 403, 404),
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      if (file === 'index.m3u8') {
        const text = await stream.playlist(id, request.query.t);
        return reply
          .header('cache-control', 'no-cache')
          .header('x-content-type-options', 'nosniff')
          .type('application/vnd.apple.mpegurl')
          .send(text);
      }
      const bytes = await stream.segment(id, Number(file.slice(0, -3)), request.query.t);
      // a segment never changes; its address carries a token of minutes, so a cache keeps it no longer
      return reply
        .header('cache-control', 'private, max-age=600, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('video/mp2t')
        .send(bytes);
    },
  );

  route(
    app,
    streamEndpoints.watchTime,
    {
      config: webinarsAccess.roomReaders,
      schema: {
        tags,
        summary: 'Seconds the caller’s player played since the last heartbeat',
        description:
          'Sent every 30 s while the video plays and when the page is left. `Recording` tells the recording from the live stream. ' +
          'At most the time since the caller’s previous heartbeat (and 5 s) is added, so a player cannot report more than the clock allows. Who may read the webinar (404 otherwise).',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => {
      await stream.addWatchTime(request.user, request.body);
      return { status: true, message: translate('watch_time_saved', request.language) };
    },
  );

  route(
    app,
    streamEndpoints.removeRecording,
    {
      config: webinarsAccess.recordings,
      schema: {
        tags,
        summary: 'Delete the webinar’s recording (an administrator)',
        description:
          'Its playlist and every segment’s file; it cannot be undone. Not while the webinar is ‘В процессе’ (422); 404 when it has none.',
        response: errorResponses(400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      await stream.removeRecording(request.user, request.params.id);
      return { status: true, message: translate('recording_deleted', request.language) };
    },
  );
};

import { z } from 'zod';
import { idParam, okEnvelope } from '../common.js';
import { streamTicketResponse, streamWatchResponse, watchTimeRequest } from '../stream.js';
import { webinarIdRequest } from '../webinars.js';
import { endpoint } from './endpoint.js';

/** The webinar's own live stream and its recording (docs/ARCHITECTURE.md "Live stream"). */
export const streamEndpoints = {
  /** A publish ticket for the WebSocket: the webinar's teacher, while it is 'В процессе'. */
  ticket: endpoint({ method: 'POST', path: '/api/web/streamticket', body: webinarIdRequest, response: streamTicketResponse }),
  /** The WebSocket the teacher's browser publishes on (`?ticket=`); an upgrade, not a JSON call. */
  publish: endpoint({
    method: 'GET',
    path: '/api/web/stream/:id',
    params: idParam,
    query: z.object({ ticket: z.string().max(300).optional() }),
    response: z.string().describe('WebSocket'),
  }),
  /** The playlist's signed address for whoever may be in the room (or read it, staff). */
  watch: endpoint({ method: 'GET', path: '/api/web/streamwatch/:id', params: idParam, response: streamWatchResponse }),
  /** The HLS playlist (`index.m3u8`) and segments (`{n}.ts`), by the signed token `t` alone. */
  hls: endpoint({
    method: 'GET',
    path: '/api/web/hls/:id/:file',
    params: z.object({ id: idParam.shape.id, file: z.string().regex(/^(index\.m3u8|\d{1,9}\.ts)$/) }),
    query: z.object({ t: z.string().max(300).optional() }),
    response: z.string().describe('application/vnd.apple.mpegurl or video/mp2t'),
  }),
  /** Seconds watched since the last heartbeat. */
  watchTime: endpoint({ method: 'POST', path: '/api/web/watchtime', body: watchTimeRequest, response: okEnvelope }),
  /** Deletes the webinar's recording (an administrator). */
  removeRecording: endpoint({ method: 'DELETE', path: '/api/web/recording/:id', params: idParam, response: okEnvelope }),
};

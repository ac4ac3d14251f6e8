import { z } from 'zod';
import { aliased, envelope } from './common.js';
import { id, wholeNumber } from './input.js';

/**
 * The webinar's own live stream (docs/ARCHITECTURE.md "Live stream"): the teacher's browser records
 * 1-s chunks and sends them over a WebSocket; the server packages them into HLS in storage; viewers
 * play it with short-lived signed addresses; ending the webinar keeps it as a recording.
 */

/** The browser's MediaRecorder slice: one chunk a second. */
export const STREAM_CHUNK_MS = 1000;
/** The HLS segments' target length. */
export const STREAM_SEGMENT_SECONDS = 2;
/** The largest chunk a publisher may send in one WebSocket message. */
export const STREAM_CHUNK_MAX_BYTES = 4_000_000;
/** Seconds of watching one heartbeat may report (a heartbeat is sent every 30 s while playing). */
export const WATCH_HEARTBEAT_SECONDS = 30;
export const WATCH_HEARTBEAT_MAX_SECONDS = 120;

/**
 * What a publisher's WebSocket carries (`/api/web/stream/{id}?ticket=…`).
 * The browser sends `start` (a new take: a new recorder, its first chunk holds the container's header),
 * then binary chunks; `stop` ends the take (before switching camera or screen, a new `start` follows).
 * The server answers `ready` once the ticket is accepted, `live` each time a segment is published,
 * `restart` when its packager failed and a new take is needed, `error` before it closes.
 */
export const streamClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), mimeType: z.string().min(1).max(200) }),
  z.object({ type: z.literal('stop') }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessage>;

export type StreamServerMessage =
  | { type: 'ready' }
  | { type: 'live'; segments: number; seconds: number }
  | { type: 'restart' }
  | { type: 'error'; message: string };

/** WebSocket close codes the publisher reads: whether reconnecting can help. */
export const STREAM_CLOSE = {
  /** the ticket is missing, wrong or expired: ask for a new one */
  badTicket: 4401,
  /** not this webinar's teacher */
  forbidden: 4403,
  /** the webinar is not 'В процессе' (not yet, or ended): do not reconnect */
  notLive: 4422,
  /** another connection of the same broadcast took over */
  replaced: 4409,
  /** nothing was sent for STREAM_IDLE_SECONDS */
  idle: 4408,
  /** a message the protocol does not know, or a chunk over STREAM_CHUNK_MAX_BYTES */
  badMessage: 4400,
} as const;

/** POST /api/web/streamticket: a publish ticket for the WebSocket (the session token never goes into an address). */
export const streamTicketResponse = envelope({
  data: z.object({ Ticket: z.string(), ExpiresAt: z.string(), Path: z.string().describe('the WebSocket path with the ticket') }),
});

/**
 * What a viewer can play now: `waiting` (the webinar is live, nothing broadcast yet), `live`,
 * `recording` (ended, kept), `none` (not begun, or ended without a recording, or the recording deleted).
 */
export const streamStates = ['waiting', 'live', 'recording', 'none'] as const;
export type StreamState = (typeof streamStates)[number];

/** GET /api/web/streamwatch/{id}: the playlist's signed address for the caller, while it is valid. */
export const streamWatchResponse = envelope({
  data: z.object({
    State: z.enum(streamStates),
    Url: z.string().nullable().describe('the HLS playlist with a signed token; null when State is none'),
    ExpiresAt: z.string().nullable().describe('the token’s end: ask again before it'),
    Token: z.string().nullable().describe('the token alone, for players that add it to each request'),
    Duration: z.number().nullable().describe('seconds: the recording’s length, or what is broadcast so far'),
  }),
});
export type StreamWatch = z.infer<typeof streamWatchResponse>['data'];

/** POST /api/web/watchtime: seconds watched since the last heartbeat, live or of the recording. */
export const watchTimeRequest = aliased(
  {
    WebID: id,
    Seconds: wholeNumber(1, WATCH_HEARTBEAT_MAX_SECONDS),
    Recording: z.boolean().default(false),
  },
  { webID: 'WebID' },
);

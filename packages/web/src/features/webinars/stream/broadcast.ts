import { STREAM_CLOSE } from '@oqu/contracts';

/** Where the teacher's broadcast stands; `data-state` of the indicator. */
export type BroadcastPhase = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'stopped' | 'failed';

/** Why a broadcast ended for good: each has its own advice. */
export type BroadcastFailure = 'forbidden' | 'notLive' | 'replaced' | 'unavailable';

export interface BroadcastState {
  phase: BroadcastPhase;
  /** seconds broadcast so far, as the server last said */
  seconds: number | null;
  failure: BroadcastFailure | null;
  /** the server's own words with an error or a refusal, shown under the advice */
  message: string | null;
  /** the link was too slow: the current take was dropped and a new one begins once it drains */
  congested: boolean;
}

export type BroadcastEvent =
  | { type: 'start' }
  | { type: 'connecting' }
  | { type: 'live'; seconds: number }
  | { type: 'congested' }
  | { type: 'lost' }
  | { type: 'serverError'; message: string }
  | { type: 'failed'; failure: BroadcastFailure; message?: string }
  | { type: 'stop' };

export const initialBroadcast: BroadcastState = { phase: 'idle', seconds: null, failure: null, message: null, congested: false };

/** Whether a broadcast is under way (the stop button shows): from the start until it stops or fails. */
export const isBroadcasting = (phase: BroadcastPhase) => phase === 'connecting' || phase === 'live' || phase === 'reconnecting';

export function broadcastReducer(state: BroadcastState, event: BroadcastEvent): BroadcastState {
  switch (event.type) {
    case 'start':
      return { ...initialBroadcast, phase: 'connecting' };
    case 'connecting':
      // a reconnect keeps saying "reconnecting" until the server publishes again
      return isBroadcasting(state.phase) ? state : { ...state, phase: 'connecting' };
    case 'live':
      return { ...state, phase: 'live', seconds: event.seconds, message: null, congested: false };
    case 'congested':
      return isBroadcasting(state.phase) ? { ...state, phase: 'reconnecting', congested: true } : state;
    case 'lost':
      return isBroadcasting(state.phase) ? { ...state, phase: 'reconnecting' } : state;
    case 'serverError':
      return { ...state, message: event.message };
    case 'failed':
      return { ...state, phase: 'failed', failure: event.failure, message: event.message ?? state.message, congested: false };
    case 'stop':
      return { ...state, phase: 'stopped', congested: false };
  }
}

/** What a closed publishing socket means: try again (a new ticket and a new take), or stop with a reason. */
export function closeOutcome(code: number): 'reconnect' | BroadcastFailure {
  switch (code) {
    case STREAM_CLOSE.forbidden:
      return 'forbidden';
    case STREAM_CLOSE.notLive:
      return 'notLive';
    case STREAM_CLOSE.replaced:
      return 'replaced';
    default:
      // a bad or expired ticket, idleness, a message the server refused, a lost network, a restart
      return 'reconnect';
  }
}

/**
 * What a refused ticket request means: the same refusals as the socket's, and a server that cannot
 * package a broadcast (503: no ffmpeg) — nothing a retry mends; anything else is worth retrying.
 */
export function ticketRefusal(status: number): BroadcastFailure | null {
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 422) return 'notLive';
  if (status === 503) return 'unavailable';
  return null;
}

/** The WebSocket address of a path on this page's origin: wss: on an HTTPS page, ws: otherwise. */
export function wsUrlFrom(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

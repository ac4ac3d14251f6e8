import { STREAM_CLOSE } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BroadcastEvent,
  type BroadcastState,
  broadcastReducer,
  closeOutcome,
  initialBroadcast,
  isBroadcasting,
  ticketRefusal,
  wsUrlFrom,
} from './broadcast';

const run = (...events: BroadcastEvent[]): BroadcastState => events.reduce(broadcastReducer, initialBroadcast);

describe('broadcastReducer', () => {
  it('goes from idle to connecting on start, and live once the server publishes a segment', () => {
    expect(run().phase).toBe('idle');
    expect(run({ type: 'start' }).phase).toBe('connecting');
    expect(run({ type: 'start' }, { type: 'connecting' }, { type: 'live', seconds: 4 })).toMatchObject({ phase: 'live', seconds: 4 });
  });

  it('says reconnecting after a loss until the server publishes again', () => {
    const lost = run({ type: 'start' }, { type: 'live', seconds: 10 }, { type: 'lost' });
    expect(lost.phase).toBe('reconnecting');
    expect(broadcastReducer(lost, { type: 'connecting' }).phase).toBe('reconnecting');
    expect(broadcastReducer(lost, { type: 'live', seconds: 14 })).toMatchObject({ phase: 'live', seconds: 14 });
  });

  it('marks a slow link while the dropped take drains, and clears it when live again', () => {
    const slow = run({ type: 'start' }, { type: 'live', seconds: 10 }, { type: 'congested' });
    expect(slow).toMatchObject({ phase: 'reconnecting', congested: true });
    expect(broadcastReducer(slow, { type: 'live', seconds: 12 })).toMatchObject({ phase: 'live', congested: false });
  });

  it('ignores a loss or congestion once stopped, so a late socket event does not revive the indicator', () => {
    const stopped = run({ type: 'start' }, { type: 'stop' });
    expect(stopped.phase).toBe('stopped');
    expect(broadcastReducer(stopped, { type: 'lost' }).phase).toBe('stopped');
    expect(broadcastReducer(stopped, { type: 'congested' }).phase).toBe('stopped');
  });

  it('fails for good with the reason and keeps the server’s last words', () => {
    const failed = run({ type: 'start' }, { type: 'serverError', message: 'Вебинар завершён' }, { type: 'failed', failure: 'notLive' });
    expect(failed).toMatchObject({ phase: 'failed', failure: 'notLive', message: 'Вебинар завершён' });
    expect(isBroadcasting(failed.phase)).toBe(false);
  });

  it('starts afresh after a failure', () => {
    const again = run({ type: 'start' }, { type: 'failed', failure: 'replaced' }, { type: 'start' });
    expect(again).toEqual({ ...initialBroadcast, phase: 'connecting' });
  });
});

describe('closeOutcome', () => {
  it('stops for a refusal reconnecting cannot mend', () => {
    expect(closeOutcome(STREAM_CLOSE.forbidden)).toBe('forbidden');
    expect(closeOutcome(STREAM_CLOSE.notLive)).toBe('notLive');
    expect(closeOutcome(STREAM_CLOSE.replaced)).toBe('replaced');
  });

  it('reconnects (with a new ticket) after a bad ticket, idleness, a refused message or a lost network', () => {
    for (const code of [STREAM_CLOSE.badTicket, STREAM_CLOSE.idle, STREAM_CLOSE.badMessage, 1006, 1001, 1011]) {
      expect(closeOutcome(code)).toBe('reconnect');
    }
  });
});

describe('ticketRefusal', () => {
  it('stops for a forbidden or not-live webinar or a server without ffmpeg, and retries anything else', () => {
    expect(ticketRefusal(403)).toBe('forbidden');
    expect(ticketRefusal(503)).toBe('unavailable');
    expect(ticketRefusal(422)).toBe('notLive');
    expect(ticketRefusal(404)).toBe('notLive');
    expect(ticketRefusal(500)).toBeNull();
    expect(ticketRefusal(0)).toBeNull();
  });
});

describe('wsUrlFrom', () => {
  it('matches the page: wss: on HTTPS, ws: otherwise, on the same host', () => {
    expect(wsUrlFrom({ protocol: 'https:', host: 'oqu.example.kz' }, '/api/web/stream/5?ticket=abc')).toBe(
      'wss://oqu.example.kz/api/web/stream/5?ticket=abc',
    );
    expect(wsUrlFrom({ protocol: 'http:', host: 'localhost:5173' }, '/api/web/stream/5?ticket=abc')).toBe(
      'ws://localhost:5173/api/web/stream/5?ticket=abc',
    );
  });
});

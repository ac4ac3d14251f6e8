import { type StreamWatch, WATCH_HEARTBEAT_MAX_SECONDS, WATCH_HEARTBEAT_SECONDS } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { flushWatch, isPlaying, tickWatch, urlWithToken, WAITING_POLL_MS, watchRefetchMs, withoutToken } from './watch';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const watch = (State: StreamWatch['State'], minutes: number | null = 10): StreamWatch => ({
  State,
  Url: State === 'none' ? null : '/api/web/hls/5/index.m3u8?t=old',
  ExpiresAt: minutes === null ? null : new Date(NOW + minutes * 60_000).toISOString(),
  Token: 'old',
  Duration: null,
});

describe('watchRefetchMs', () => {
  it('asks every 3 s while waiting for the teacher, and before the first answer', () => {
    expect(watchRefetchMs(undefined, NOW, true)).toBe(WAITING_POLL_MS);
    expect(watchRefetchMs(watch('waiting'), NOW, false)).toBe(WAITING_POLL_MS);
  });

  it('asks at half the token’s remaining life while playing', () => {
    expect(watchRefetchMs(watch('live', 10), NOW, true)).toBe(5 * 60_000);
    expect(watchRefetchMs(watch('recording', 4), NOW, false)).toBe(2 * 60_000);
  });

  it('keeps within bounds when the token is nearly gone, long-lived or has no end', () => {
    expect(watchRefetchMs(watch('live', -1), NOW, true)).toBe(5000);
    expect(watchRefetchMs(watch('live', 120), NOW, true)).toBe(10 * 60_000);
    expect(watchRefetchMs(watch('live', null), NOW, true)).toBe(60_000);
  });

  it('polls "none" only where a broadcast is expected (the live room), not for a recording', () => {
    expect(watchRefetchMs(watch('none'), NOW, true)).toBe(WAITING_POLL_MS);
    expect(watchRefetchMs(watch('none'), NOW, false)).toBe(false);
  });
});

describe('urlWithToken', () => {
  it('replaces the t parameter and keeps the rest of the address', () => {
    expect(urlWithToken('https://oqu.kz/api/web/hls/5/12.ts?t=old&x=1', 'new')).toBe('https://oqu.kz/api/web/hls/5/12.ts?t=new&x=1');
  });

  it('adds it to a segment address that has none, resolving a relative one', () => {
    expect(urlWithToken('/api/web/hls/5/3.ts', 'a.b+c', 'https://oqu.kz/room')).toBe('https://oqu.kz/api/web/hls/5/3.ts?t=a.b%2Bc');
  });

  it('leaves the address alone without a token', () => {
    expect(urlWithToken('/api/web/hls/5/index.m3u8?t=old', null)).toBe('/api/web/hls/5/index.m3u8?t=old');
  });

  it('withoutToken: the same playlist whatever token it carries', () => {
    const base = 'https://oqu.kz/';
    expect(withoutToken('/api/web/hls/5/index.m3u8?t=one', base)).toBe(withoutToken('/api/web/hls/5/index.m3u8?t=two', base));
  });
});

describe('isPlaying', () => {
  it('counts only a video that plays with data ahead', () => {
    expect(isPlaying({ paused: false, ended: false, readyState: 4 })).toBe(true);
    expect(isPlaying({ paused: true, ended: false, readyState: 4 })).toBe(false);
    expect(isPlaying({ paused: false, ended: true, readyState: 4 })).toBe(false);
    // waiting for the network
    expect(isPlaying({ paused: false, ended: false, readyState: 2 })).toBe(false);
  });
});

describe('watch-time heartbeats', () => {
  it('reports every 30 s of playing, not while paused', () => {
    let pending = 0;
    const reports: number[] = [];
    for (let second = 0; second < 75; second += 1) {
      const playing = second < 40 || second >= 50; // 10 s paused
      const next = tickWatch(pending, playing ? 1 : 0);
      pending = next.pending;
      if (next.report) reports.push(next.report);
    }
    expect(reports).toEqual([WATCH_HEARTBEAT_SECONDS, WATCH_HEARTBEAT_SECONDS]);
    expect(pending).toBe(5);
    expect(flushWatch(pending)).toBe(5);
  });

  it('keeps the fraction of a second for the next report', () => {
    const next = tickWatch(29.5, 1.25);
    expect(next).toEqual({ pending: 0.75, report: 30 });
  });

  it('never reports 0 nor more than the server takes', () => {
    expect(flushWatch(0)).toBeNull();
    expect(flushWatch(0.9)).toBeNull();
    expect(tickWatch(0, 500).report).toBe(WATCH_HEARTBEAT_MAX_SECONDS);
    expect(flushWatch(500)).toBe(WATCH_HEARTBEAT_MAX_SECONDS);
    expect(tickWatch(3, -2)).toEqual({ pending: 3, report: null });
  });
});

import { type StreamWatch, WATCH_HEARTBEAT_MAX_SECONDS, WATCH_HEARTBEAT_SECONDS } from '@oqu/contracts';

/** While the teacher has not begun broadcasting, the viewer asks again this often. */
export const WAITING_POLL_MS = 3000;
/** Bounds of the token refresh: not a storm when the clocks disagree, not past a long token's life either. */
const REFRESH_MIN_MS = 5000;
const REFRESH_MAX_MS = 10 * 60_000;

/**
 * When to ask `streamwatch` again: every 3 s while waiting (and while nothing is there, where the
 * room expects a broadcast), else at half the token's remaining life so the player never holds an
 * expired one; false for a finished webinar with nothing to play.
 */
export function watchRefetchMs(watch: StreamWatch | undefined, now: number, pollWhenNone: boolean): number | false {
  if (!watch || watch.State === 'waiting') return WAITING_POLL_MS;
  if (watch.State === 'none') return pollWhenNone ? WAITING_POLL_MS : false;
  const expires = watch.ExpiresAt ? Date.parse(watch.ExpiresAt) : Number.NaN;
  if (!Number.isFinite(expires)) return REFRESH_MAX_MS / 10;
  return Math.min(REFRESH_MAX_MS, Math.max(REFRESH_MIN_MS, Math.round((expires - now) / 2)));
}

/** The address with its `t` query parameter set to `token`: the player keeps its playlist while tokens change. */
export function urlWithToken(url: string, token: string | null, base: string = globalThis.location?.href ?? 'http://localhost/'): string {
  if (!token) return url;
  const address = new URL(url, base);
  address.searchParams.set('t', token);
  return address.href;
}

/** The playlist's address without its token: the same broadcast whatever token is current. */
export function withoutToken(url: string, base: string = globalThis.location?.href ?? 'http://localhost/'): string {
  const address = new URL(url, base);
  address.searchParams.delete('t');
  return address.href;
}

/** A video that is really playing: not paused, not over, with data ahead (not waiting for the network). */
export function isPlaying(video: Pick<HTMLVideoElement, 'paused' | 'ended' | 'readyState'>): boolean {
  // HAVE_FUTURE_DATA (3): below it the video is stalled, waiting for data
  return !video.paused && !video.ended && video.readyState >= 3;
}

/**
 * Seconds played and not yet reported. `tickWatch` adds the seconds played since the last tick (0
 * while paused or stalled); once WATCH_HEARTBEAT_SECONDS have gathered, their whole seconds are due
 * and the fraction stays. `flushWatch` gives what is left when the player or the page goes. A report
 * is always a whole 1..WATCH_HEARTBEAT_MAX_SECONDS, never 0.
 */
export function tickWatch(pending: number, played: number): { pending: number; report: number | null } {
  const next = pending + Math.max(0, played);
  if (next < WATCH_HEARTBEAT_SECONDS) return { pending: next, report: null };
  const report = Math.min(Math.floor(next), WATCH_HEARTBEAT_MAX_SECONDS);
  return { pending: next - Math.floor(next), report };
}

export function flushWatch(pending: number): number | null {
  const seconds = Math.min(Math.floor(pending), WATCH_HEARTBEAT_MAX_SECONDS);
  return seconds >= 1 ? seconds : null;
}

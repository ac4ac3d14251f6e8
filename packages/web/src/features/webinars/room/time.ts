import { WEBINAR_OPENS_BEFORE_MINUTES } from '@oqu/contracts';
import { secondsBetween } from '../../rooms/time';

/** When a waiting webinar opens (reads 'В процессе'): 30 minutes before its start; NaN for a bad date. */
export function opensAt(beginTime: string): number {
  return Date.parse(beginTime) - WEBINAR_OPENS_BEFORE_MINUTES * 60_000;
}

/** The admin view's clocks: seconds since the start, and until the planned end (null once ended). */
export function viewClocks(
  beginTime: string,
  durationMinutes: number,
  now: number,
  ended: boolean,
): { elapsed: number | null; remaining: number | null } {
  const begin = Date.parse(beginTime);
  if (!Number.isFinite(begin)) return { elapsed: null, remaining: null };
  return {
    elapsed: secondsBetween(begin, now),
    remaining: ended ? null : secondsBetween(now, begin + durationMinutes * 60_000),
  };
}

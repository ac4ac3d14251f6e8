import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { webinarsKeys } from '../api';
import { clockOffset } from './time';

/**
 * The server's clock minus the browser's (ms), measured from the answer's `Now` when it arrived.
 * Measured when `Now` changes only: a live event updating the cached webinar keeps its old `Now`
 * while the cache's update time moves on.
 */
export function useServerOffset(serverNow: string | undefined, receivedAt: number): number {
  // biome-ignore lint/correctness/useExhaustiveDependencies: receivedAt counts only together with a new Now
  return useMemo(() => clockOffset(serverNow, receivedAt), [serverNow]);
}

/** The server's time now (ms), ticking every `tickMs`. */
export function useServerNow(offset: number, tickMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now + offset;
}

/** Spread over this many ms, so that a room full of viewers does not read the webinar in one instant. */
const SPREAD_MS = 5000;

/**
 * Reads the webinar again at `at` (server time, ms): its status changes with the clock (it opens
 * 30 minutes before the start) without any event being sent.
 */
export function useRefetchAt(webinarId: number, at: number | null, offset: number): void {
  const client = useQueryClient();
  useEffect(() => {
    if (at === null || !Number.isFinite(at)) return;
    const wait = at - (Date.now() + offset);
    // beyond a day a timer is pointless (and setTimeout overflows past ~24.8 days)
    if (wait < -SPREAD_MS || wait > 86_400_000) return;
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: webinarsKeys.one(webinarId), exact: true }),
      Math.max(0, wait) + Math.random() * SPREAD_MS,
    );
    return () => clearTimeout(timer);
  }, [client, webinarId, at, offset]);
}

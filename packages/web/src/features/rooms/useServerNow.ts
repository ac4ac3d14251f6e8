import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
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

/** Spread over this many ms, so that a room full of viewers does not read the room in one instant. */
const SPREAD_MS = 5000;

/**
 * Reads the query `queryKey` (a webinar, an exam) again at `at` (server time, ms): a status changes
 * with the clock (a webinar opens 30 minutes before its start) without any event being sent.
 */
export function useRefetchAt(queryKey: QueryKey, at: number | null, offset: number): void {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's content, not the array's identity, says which query
  useEffect(() => {
    if (at === null || !Number.isFinite(at)) return;
    const wait = at - (Date.now() + offset);
    // beyond a day a timer is pointless (and setTimeout overflows past ~24.8 days)
    if (wait < -SPREAD_MS || wait > 86_400_000) return;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey, exact: true }), Math.max(0, wait) + Math.random() * SPREAD_MS);
    return () => clearTimeout(timer);
  }, [client, key, at, offset]);
}

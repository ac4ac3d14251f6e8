import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { secondsLeft } from './run';

const monotonic = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * The test clock. It only ever counts down from the server's remaining seconds (`sync`), on the
 * browser's monotonic clock, so a wrong or changed system time moves nothing; it ticks each second.
 * `seconds` is null until the first sync.
 */
export function useCountdown(): { seconds: number | null; sync: (remaining: number) => void; stop: () => void } {
  const deadline = useRef<number | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [running, setRunning] = useState(false);

  const sync = useCallback((remaining: number) => {
    const safe = Number.isFinite(remaining) ? Math.max(0, remaining) : 0;
    deadline.current = monotonic() + safe * 1000;
    setSeconds(Math.ceil(safe));
    setRunning(true);
  }, []);

  const stop = useCallback(() => setRunning(false), []);

  useEffect(() => {
    if (!running) return;
    const tick = () => {
      if (deadline.current === null) return;
      const left = secondsLeft(deadline.current, monotonic());
      setSeconds(left);
      if (left === 0) setRunning(false);
    };
    // a quarter-second beat keeps the shown second within 250 ms of the truth; the text changes once a second
    const handle = setInterval(tick, 250);
    return () => clearInterval(handle);
  }, [running]);

  return { seconds, sync, stop };
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** False while the browser knows it has no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    () => true,
  );
}

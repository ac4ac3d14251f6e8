import { useEffect, useState } from 'react';

/** How long a save (an answer, an examiner's decision) may take before the person is told it has not finished. */
export const SLOW_SAVE_MS = 1000;

/**
 * True once `active` has stayed true for `ms`. A state that passes quicker (an answer on its way
 * for 20 ms) is neither shown nor announced: a screen reader would read "not sent" and then "saved".
 */
export function useLasting(active: boolean, ms: number): boolean {
  const [lasted, setLasted] = useState(false);
  useEffect(() => {
    setLasted(false);
    if (!active) return;
    const handle = setTimeout(() => setLasted(true), ms);
    return () => clearTimeout(handle);
  }, [active, ms]);
  return active && lasted;
}

import { useSyncExternalStore } from 'react';

/** Narrow screens (phones) use the compact layout (learner-and-instructor.md §2). */
export const NARROW_QUERY = '(max-width: 767px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
}

export function isNarrowScreen(): boolean {
  return query()?.matches ?? false;
}

function subscribe(listener: () => void): () => void {
  const list = query();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

/** True below 768 px; follows the window as it is resized. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen, () => false);
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListChanges, readListParams, withListChanges } from './listParams';

const SEARCH_DELAY_MS = 400;

/** The list state of the tests and questions screens, read from and written to the URL. */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListParams(params), [params]);

  const update = useCallback(
    (changes: ListChanges) =>
      // typing a search replaces the history entry instead of adding one per pause
      setParams((current) => withListChanges(current, changes), { replace: changes.search !== undefined }),
    [setParams],
  );
  const setPage = useCallback((page: number) => update({ page }), [update]);

  return { ...state, update, setPage };
}

/**
 * The search box's text: shown at once, sent to the URL (and so to the server) after a pause.
 * When the URL changes by itself (back button), the box follows it.
 */
export function useSearchBox(search: string, setSearch: (value: string) => void) {
  const [text, setText] = useState(search);
  const sent = useRef(search);
  // the latest setter, so that a new function on each render does not restart the pause
  const send = useRef(setSearch);
  send.current = setSearch;
  useEffect(() => {
    if (search !== sent.current) {
      sent.current = search;
      setText(search);
    }
  }, [search]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      send.current(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
}

/** A value that follows `value` after `delay` ms without change. */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListChanges, readListParams, withListChanges } from './listParams';

const NO_FILTERS: readonly never[] = [];

/**
 * The list state of a screen, read from and written to the URL (see listParams.ts). `filterNames`
 * are the numeric filters the screen has; pass a constant so that the state is read once per URL.
 */
export function useListParams<K extends string = never>(filterNames: readonly K[] = NO_FILTERS) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListParams(params, filterNames), [params, filterNames]);

  const update = useCallback(
    (changes: ListChanges<K>) =>
      // typing a search replaces the history entry instead of adding one per pause
      setParams((current) => withListChanges(current, changes), { replace: changes.search !== undefined }),
    [setParams],
  );
  const setPage = useCallback((page: number) => update({ page } as ListChanges<K>), [update]);
  const setSearch = useCallback((search: string) => update({ search } as ListChanges<K>), [update]);

  return { ...state, update, setPage, setSearch };
}

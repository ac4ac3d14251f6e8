import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

interface Changes {
  page?: number;
  role?: number | null;
  search?: string;
}

/** List state kept in the URL (?page=, ?role=, ?search=) so that a reload shows the same page. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page')) ?? 1;
  const role = positiveInt(params.get('role'));
  const search = params.get('search') ?? '';

  const update = useCallback(
    (changes: Changes) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const put = (key: string, value: string | number | null | undefined, empty: string | number) => {
            if (value === undefined) return;
            if (value === null || value === '' || value === empty) next.delete(key);
            else next.set(key, String(value));
          };
          put('page', changes.page, 1);
          put('role', changes.role, 0);
          put('search', changes.search, '');
          return next;
        },
        // typing a search replaces the history entry instead of adding one per pause
        { replace: changes.search !== undefined },
      );
    },
    [setParams],
  );

  const setPage = useCallback((value: number) => update({ page: value }), [update]);
  /** a new filter starts again from page 1 */
  const setRole = useCallback((value: number | null) => update({ role: value, page: 1 }), [update]);
  const setSearch = useCallback((value: string) => update({ search: value, page: 1 }), [update]);

  return { page, role, search, setPage, setRole, setSearch };
}

/** A page past the end (after a delete, or an old link) moves to the last page. */
export function useClampPage(page: number, pages: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages);
  }, [pages, page, setPage]);
}

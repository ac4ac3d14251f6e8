import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * List state kept in the URL (`?page=`, `?search=` and numeric filters such as `?plan=`, `?type=`)
 * so that a reload, a shared link or the back button shows the same list. A new filter or search
 * starts again from page 1; typing a search replaces the history entry instead of adding one.
 */
export function useCatalogueParams<K extends string>(filterNames: readonly K[] = []) {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page')) ?? 1;
  const search = params.get('search') ?? '';
  const key = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters' values
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, positiveInt(params.get(name))])) as Record<K, number | undefined>,
    [key],
  );

  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined) continue;
            const text = value === null ? '' : String(value).trim();
            if (!text || (name === 'page' && text === '1')) next.delete(name);
            else next.set(name, text);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback((value: number) => update({ page: value }), [update]);
  const setSearch = useCallback((value: string) => update({ search: value, page: 1 }, true), [update]);
  const setFilter = useCallback((name: K, value: number | null | undefined) => update({ [name]: value ?? null, page: 1 }), [update]);

  return { page, search, filters, setPage, setSearch, setFilter };
}

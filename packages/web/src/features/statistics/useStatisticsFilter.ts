import type { StatisticsFilter } from '@oqu/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The statistics' filters as the URL keeps them (`?plan=&from=&to=`); anything malformed is left out. */
export function readStatisticsFilter(params: URLSearchParams): StatisticsFilter {
  const plan = Number(params.get('plan'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    ...(Number.isInteger(plan) && plan > 0 && { plan }),
    ...(DAY.test(from) && { from }),
    ...(DAY.test(to) && (!DAY.test(from) || from <= to) && { to }),
  };
}

export function useStatisticsFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readStatisticsFilter(params), [params]);
  const update = useCallback(
    (changes: { plan?: number | null; from?: string | null; to?: string | null }) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) continue;
          if (value === null) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setParams],
  );
  return { filter, update };
}

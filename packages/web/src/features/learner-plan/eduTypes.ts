import { useMemo } from 'react';
import { useEduTypes } from '../catalogue/pickers';

/** Names of the education types (11, 12) by id; empty until loaded (the screens then leave the name out). */
export function useEduTypeNames(): ReadonlyMap<number, string> {
  const { data } = useEduTypes();
  return useMemo(() => new Map((data ?? []).map((item) => [item.ID, item.Name])), [data]);
}

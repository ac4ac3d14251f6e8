import { ApiError, errorMessage } from '../../lib/api';
import { useRetakeCandidate } from './api';
import { normaliseTabel } from './format';
import type { RetakeCandidate } from './types';
import { useDebouncedValue } from './useDebouncedValue';

/** How long typing pauses before the personnel number is looked up. */
export const LOOKUP_DELAY_MS = 400;

export type Lookup =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'notFound'; tabel: string }
  | { state: 'failed'; message: string }
  | { state: 'found'; candidate: RetakeCandidate };

/**
 * The person whose personnel number is typed (admin-back-office.md §2 Retakes: looked up as the
 * field changes), asked for after a pause in typing; `flush()` asks at once.
 */
export function usePersonLookup(typed: string | undefined, networkError: string): { lookup: Lookup; flush: () => void } {
  const current = normaliseTabel(typed);
  const [settled, flush] = useDebouncedValue(current, LOOKUP_DELAY_MS);
  const query = useRetakeCandidate(settled);

  let lookup: Lookup;
  if (!current) lookup = { state: 'idle' };
  else if (settled !== current) lookup = { state: 'searching' };
  else if (query.data) lookup = { state: 'found', candidate: query.data };
  else if (query.isFetching) lookup = { state: 'searching' };
  else if (query.error instanceof ApiError && query.error.status === 404) lookup = { state: 'notFound', tabel: current };
  else if (query.isError) lookup = { state: 'failed', message: errorMessage(query.error, networkError) };
  else lookup = { state: 'searching' };
  return { lookup, flush };
}

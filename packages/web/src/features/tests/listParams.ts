/**
 * List state of the tests and questions screens, kept in the URL (?page, ?plan, ?topic, ?test,
 * ?search) so that a reload, a shared link or the back button shows the same list.
 */

export interface ListParams {
  page: number;
  plan?: number;
  topic?: number;
  test?: number;
  search: string;
}

/** `null` removes a filter; `undefined` leaves it as it is. */
export interface ListChanges {
  page?: number;
  plan?: number | null;
  topic?: number | null;
  test?: number | null;
  search?: string;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Reads the list state; anything malformed is ignored (page 1, no filter). */
export function readListParams(params: URLSearchParams): ListParams {
  const result: ListParams = { page: positiveInt(params.get('page')) ?? 1, search: (params.get('search') ?? '').trim() };
  for (const key of ['plan', 'topic', 'test'] as const) {
    const value = positiveInt(params.get(key));
    if (value !== undefined) result[key] = value;
  }
  return result;
}

/**
 * Applies changes to the URL's parameters, leaving unrelated ones alone. Filters form a chain,
 * plan → topic → test: a new plan clears the topic and the test, a new topic clears the test.
 * Any new filter or search starts again from page 1; page 1 and empty values are left out.
 */
export function withListChanges(current: URLSearchParams, changes: ListChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: number | string | null) => {
    if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  };
  const filterChanged = (['plan', 'topic', 'test', 'search'] as const).some((key) => changes[key] !== undefined);

  if (changes.plan !== undefined) {
    put('plan', changes.plan);
    next.delete('topic');
    next.delete('test');
  }
  if (changes.topic !== undefined) {
    put('topic', changes.topic);
    next.delete('test');
  }
  if (changes.test !== undefined) put('test', changes.test);
  if (changes.search !== undefined) put('search', changes.search.trim());
  if (changes.page !== undefined) put('page', changes.page);
  else if (filterChanged) next.delete('page');
  return next;
}

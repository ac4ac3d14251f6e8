/**
 * A list screen's state in the URL (`?page=`, `?search=` and numeric filters such as `?plan=`) so
 * that a reload, a shared link or the back button shows the same list; and a list's query string
 * for the API.
 */

export type ListParams<K extends string> = { page: number; search: string } & Partial<Record<K, number>>;

/** `null` removes a filter; `undefined` leaves it as it is. */
export type ListChanges<K extends string> = { page?: number; search?: string } & Partial<Record<K, number | null>>;

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Reads the page, the search and the named filters; anything malformed is ignored (page 1, no filter). */
export function readListParams<K extends string>(params: URLSearchParams, filterNames: readonly K[]): ListParams<K> {
  const result = { page: positiveInt(params.get('page')) ?? 1, search: (params.get('search') ?? '').trim() } as ListParams<K>;
  for (const name of filterNames) {
    const value = positiveInt(params.get(name));
    if (value !== undefined) (result as Record<string, number>)[name] = value;
  }
  return result;
}

/**
 * Applies changes to the URL's parameters, leaving unrelated ones alone. Any change but the page's
 * starts again from page 1; page 1 and empty values are left out.
 */
export function withListChanges<K extends string>(current: URLSearchParams, changes: ListChanges<K>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes) as [string, number | string | null | undefined][]) {
    if (value === undefined) continue;
    const text = value === null ? '' : String(value).trim();
    if (!text || (name === 'page' && text === '1')) next.delete(name);
    else next.set(name, text);
  }
  if (changes.page === undefined && Object.values(changes).some((value) => value !== undefined)) next.delete('page');
  return next;
}

/** A list's query string for the API, in the order given; blank and missing values are left out. */
export function listQuery(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const text = value === undefined ? '' : String(value).trim();
    if (text) params.set(name, text);
  }
  return params.toString();
}

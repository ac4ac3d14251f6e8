import { PAGE_SIZE, UNPAGED_MAX_ROWS } from '@oqu/contracts';

/** Reads a window of a listing: its rows and the listing's total. */
type ReadWindow<R> = (limit: number, offset: number) => Promise<{ rows: R[]; total: number }>;

/**
 * A paged answer (`data`, `pages`, `total`) for the 1-based `page`, PAGE_SIZE rows a page: `read`
 * fetches that window's rows and the total, `present` shapes the rows. `pages` is at least 1, so an
 * empty list still has its one (empty) page.
 */
export async function paged<R, T>(page: number, read: ReadWindow<R>, present: (rows: R[]) => T[] | Promise<T[]>) {
  const { rows, total } = await read(PAGE_SIZE, (page - 1) * PAGE_SIZE);
  return { data: await present(rows), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/**
 * A list the spec calls unpaged: paged as `paged` when a `page` is asked for, else the old answer
 * (`data` alone) holding the first UNPAGED_MAX_ROWS rows, so no list grows without bound.
 */
export async function pagedOrCapped<R, T>(
  page: number | undefined,
  read: ReadWindow<R>,
  present: (rows: R[]) => T[] | Promise<T[]>,
): Promise<{ data: T[]; pages?: number; total?: number }> {
  if (page !== undefined) return paged(page, read, present);
  const { rows } = await read(UNPAGED_MAX_ROWS, 0);
  return { data: await present(rows) };
}

import { PAGE_SIZE } from '@oqu/contracts';

/**
 * A paged answer (`data`, `pages`, `total`) for the 1-based `page`, PAGE_SIZE rows a page: `read`
 * fetches that window's rows and the total, `present` shapes the rows. `pages` is at least 1, so an
 * empty list still has its one (empty) page.
 */
export async function paged<R, T>(
  page: number,
  read: (limit: number, offset: number) => Promise<{ rows: R[]; total: number }>,
  present: (rows: R[]) => T[] | Promise<T[]>,
) {
  const { rows, total } = await read(PAGE_SIZE, (page - 1) * PAGE_SIZE);
  return { data: await present(rows), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

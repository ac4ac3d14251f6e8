import type { SelectQueryBuilder } from 'kysely';

/** `%text%` for LIKE and ILIKE, with the caller's wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * One page of an ordered listing that selects its own `total` (`count(*) over ()`), so one query
 * answers both; past the last page no row carries the total, so it is read from the first row.
 */
export async function pageOf<DB, TB extends keyof DB, O extends { total: number }>(
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
  offset: number,
) {
  const rows = await query.limit(limit).offset(offset).execute();
  if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const first = await query.limit(1).offset(0).executeTakeFirst();
  return { rows, total: first?.total ?? 0 };
}

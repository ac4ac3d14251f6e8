import type { QuestionRow } from './attempts.repository.js';

/**
 * The questions in an attempt's own order (the ids its start shuffled); questions added to the test
 * since follow in the test's order, and those archived since are left out. An attempt from before
 * orders were kept (null) has the test's order.
 */
export function inAttemptOrder(rows: readonly QuestionRow[], order: readonly number[] | null): QuestionRow[] {
  if (!order) return [...rows];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const placed = new Set(order);
  return [...ordered, ...rows.filter((row) => !placed.has(row.id))];
}

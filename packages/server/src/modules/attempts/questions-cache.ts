import type { QuestionRow } from './attempts.repository.js';

/** Tests whose questions one process keeps at most (the least recently used go first). */
const TESTS_KEPT = 200;

/**
 * The live questions of tests, kept in this process: at an exam's start thousands of trainees ask
 * for the same test's questions within a second. Each entry carries the test's `questions_version`
 * (bumped by a trigger at every change to its questions), and every start answers the current
 * version, so a change made through any process is seen at the next start without another query and
 * without telling the other processes. A load begins after its version was read, so an entry is
 * never older than its version (at worst newer, and loaded again at the next version).
 */
export class QuestionsCache {
  private readonly tests = new Map<number, { version: number; rows: Promise<QuestionRow[]> }>();

  constructor(
    private readonly load: (testId: number) => Promise<QuestionRow[]>,
    private readonly testsKept = TESTS_KEPT,
  ) {}

  /** The test's questions at `version`: kept ones, or loaded once however many ask at the same time. */
  get(testId: number, version: number): Promise<QuestionRow[]> {
    const kept = this.tests.get(testId);
    this.tests.delete(testId);
    if (kept && kept.version === version) {
      this.tests.set(testId, kept);
      return kept.rows;
    }
    const entry = { version, rows: this.load(testId) };
    // a failed load is not kept: the next caller tries again
    entry.rows.catch(() => {
      if (this.tests.get(testId) === entry) this.tests.delete(testId);
    });
    this.tests.set(testId, entry);
    if (this.tests.size > this.testsKept) this.tests.delete(this.tests.keys().next().value as number);
    return entry.rows;
  }
}

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

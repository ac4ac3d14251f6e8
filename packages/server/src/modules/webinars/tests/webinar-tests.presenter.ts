import { TEST_STATUS, type WebinarTest } from '@oqu/contracts';
import type { WebinarTestRecord } from './webinar-tests.repository.js';

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A webinar test as the room lists it. A trainee: their running attempt or a test open now reads
 * 'В процессе', their latest finished attempt 'Пройден' / 'Не пройден' with the correct answers,
 * otherwise 'Ожидается'. Staff: never opened (or not open now and never) 'Ожидается', open now
 * 'В процессе', its time over 'Пройден', with the finished attempts on record as Result.
 */
export function toWebinarTest(row: WebinarTestRecord, staff: boolean): WebinarTest {
  const common = {
    ID: row.id,
    Test: row.name,
    Topic: row.topic_name,
    Duration: row.duration_minutes,
    Questions: row.question_count,
    Position: row.position ?? 0,
    OpenedAt: isoOrNull(row.opened_at),
    Deadline: isoOrNull(row.deadline),
  };
  if (staff) {
    const status = row.opened_at === null ? TEST_STATUS.Upcoming : row.open_now ? TEST_STATUS.InProgress : TEST_STATUS.Passed;
    return { ...common, Status: status, Result: row.finished_count };
  }
  if (row.run_id !== null) return { ...common, Status: TEST_STATUS.InProgress, Result: null };
  if (row.fin_passed !== null || row.fin_correct !== null) {
    return { ...common, Status: row.fin_passed ? TEST_STATUS.Passed : TEST_STATUS.Failed, Result: row.fin_correct };
  }
  return { ...common, Status: row.open_now ? TEST_STATUS.InProgress : TEST_STATUS.Upcoming, Result: null };
}

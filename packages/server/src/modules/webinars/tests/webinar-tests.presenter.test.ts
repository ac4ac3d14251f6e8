import { describe, expect, it } from 'vitest';
import { toWebinarTest } from './webinar-tests.presenter.js';
import type { WebinarTestRecord } from './webinar-tests.repository.js';

const test = (values: Partial<WebinarTestRecord> = {}): WebinarTestRecord => ({
  id: 7,
  name: 'Итоговый тест',
  topic_name: 'Тема',
  duration_minutes: 10,
  position: null,
  opened_at: null,
  deadline: null,
  open_now: false,
  question_count: 3,
  finished_count: 4,
  run_id: null,
  run_expired: null,
  fin_correct: null,
  fin_passed: null,
  ...values,
});

describe('a webinar test’s status', () => {
  const opened = { opened_at: new Date('2026-01-01T10:00:00Z'), deadline: new Date('2026-01-01T10:10:00Z') };

  it('for staff: never opened, open now, its time over — with the finished attempts', () => {
    expect(toWebinarTest(test(), true)).toMatchObject({ Status: 'Ожидается', Result: 4, Position: 0, OpenedAt: null, Deadline: null });
    expect(toWebinarTest(test({ ...opened, open_now: true }), true)).toMatchObject({
      Status: 'В процессе',
      OpenedAt: '2026-01-01T10:00:00.000Z',
      Deadline: '2026-01-01T10:10:00.000Z',
    });
    expect(toWebinarTest(test({ ...opened, open_now: false }), true).Status).toBe('Пройден');
  });

  it('for a trainee: their running attempt, their result, a test open to take, else waiting', () => {
    expect(toWebinarTest(test({ ...opened, open_now: true, run_id: 1, run_expired: false }), false)).toMatchObject({
      Status: 'В процессе',
      Result: null,
    });
    expect(toWebinarTest(test({ fin_correct: 3, fin_passed: true }), false)).toMatchObject({ Status: 'Пройден', Result: 3 });
    expect(toWebinarTest(test({ fin_correct: 0, fin_passed: false }), false)).toMatchObject({ Status: 'Не пройден', Result: 0 });
    expect(toWebinarTest(test({ ...opened, open_now: true }), false)).toMatchObject({ Status: 'В процессе', Result: null });
    expect(toWebinarTest(test({ ...opened, open_now: false }), false)).toMatchObject({ Status: 'Ожидается', Result: null });
  });
});

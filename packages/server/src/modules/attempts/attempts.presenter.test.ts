import { describe, expect, it } from 'vitest';
import { isPassed, percentOf, standingOf } from './attempts.presenter.js';
import type { PlanTestRecord } from './attempts.repository.js';

describe('scoring', () => {
  it('gives the percent to two decimals, 0 for an attempt without questions', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('passes only above the pass mark, with no rounding at the edge', () => {
    expect(isPassed(2, 4, 50)).toBe(false);
    expect(isPassed(3, 4, 50)).toBe(true);
    expect(isPassed(0, 4, 0)).toBe(false);
    expect(isPassed(1, 3, 33)).toBe(true);
    // 66.666…% rounds to 66.67 yet stays below 67
    expect(isPassed(2, 3, 67)).toBe(false);
    expect(isPassed(5, 5, 100)).toBe(false);
  });
});

describe('a test’s status for the trainee', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const row = (values: Partial<PlanTestRecord>) =>
    ({
      is_webinar: false,
      opened_at: null,
      duration_minutes: 30,
      run_id: null,
      run_started_at: null,
      run_deadline_at: null,
      run_remaining: null,
      fin_id: null,
      fin_started_at: null,
      fin_passed: null,
      retake_id: null,
      retake_from: null,
      now,
      ...values,
    }) as PlanTestRecord;
  const at = (iso: string) => new Date(iso);

  it('is upcoming and available for a plan’s test never taken', () => {
    expect(standingOf(row({}))).toEqual({ Status: 'Ожидается', Available: true, Date: null, Deadline: null, Remaining: null });
  });

  it('is available for a webinar’s test only while its opening lasts', () => {
    expect(standingOf(row({ is_webinar: true })).Available).toBe(false);
    expect(standingOf(row({ is_webinar: true, opened_at: at('2026-03-01T09:40:00Z') })).Available).toBe(true);
    expect(standingOf(row({ is_webinar: true, opened_at: at('2026-03-01T09:30:00Z') })).Available).toBe(false);
  });

  it('reads the retake first when nothing runs, available from its date', () => {
    const finished = { fin_id: 1, fin_started_at: at('2026-02-01T10:00:00Z'), fin_passed: false };
    expect(standingOf(row({ ...finished, retake_id: 5, retake_from: at('2026-03-02T10:00:00Z') }))).toMatchObject({
      Status: 'Пересдача',
      Available: false,
      Date: '2026-03-02T10:00:00.000Z',
    });
    expect(standingOf(row({ ...finished, retake_id: 5, retake_from: now })).Available).toBe(true);
    expect(standingOf(row(finished))).toMatchObject({ Status: 'Не пройден', Available: false, Date: '2026-02-01T10:00:00.000Z' });
    expect(standingOf(row({ ...finished, fin_passed: true })).Status).toBe('Пройден');
  });

  it('is in progress with the server’s remaining time while an attempt runs', () => {
    const running = row({
      run_id: 7,
      run_started_at: at('2026-03-01T09:50:00Z'),
      run_deadline_at: at('2026-03-01T10:20:00Z'),
      run_remaining: 1200,
    });
    expect(standingOf(running)).toEqual({
      Status: 'В процессе',
      Available: true,
      Date: '2026-03-01T09:50:00.000Z',
      Deadline: '2026-03-01T10:20:00.000Z',
      Remaining: 1200,
    });
  });
});

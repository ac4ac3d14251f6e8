import { describe, expect, it } from 'vitest';
import { clockOffset, formatSpan } from '../../rooms/time';
import { opensAt, viewClocks } from './time';

const days = (n: number) => `${n} д`;

describe('clockOffset', () => {
  it('is the server clock minus the browser clock at arrival', () => {
    expect(clockOffset('2026-03-02T10:00:05Z', Date.parse('2026-03-02T10:00:00Z'))).toBe(5000);
    expect(clockOffset(undefined, 1)).toBe(0);
    expect(clockOffset('nonsense', 1)).toBe(0);
  });
});

describe('formatSpan', () => {
  it('shows HH:MM:SS, days apart, and - when negative or unknown', () => {
    expect(formatSpan(0, days)).toBe('00:00:00');
    expect(formatSpan(3661.9, days)).toBe('01:01:01');
    expect(formatSpan(86_400 * 2 + 3 * 3600 + 4 * 60 + 5, days)).toBe('2 д 03:04:05');
    expect(formatSpan(-1, days)).toBe('-');
    expect(formatSpan(null, days)).toBe('-');
    expect(formatSpan(Number.NaN, days)).toBe('-');
  });
});

describe('opensAt', () => {
  it('is 30 minutes before the start', () => {
    expect(opensAt('2026-03-02T10:30:00+05:00')).toBe(Date.parse('2026-03-02T10:00:00+05:00'));
  });
});

describe('viewClocks', () => {
  const begin = '2026-03-02T10:00:00Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts up from the start and down to the planned end', () => {
    expect(viewClocks(begin, 60, at('2026-03-02T10:10:00Z'), false)).toEqual({ elapsed: 600, remaining: 3000 });
  });

  it('gives negatives before the start and after the end (shown as -)', () => {
    expect(viewClocks(begin, 60, at('2026-03-02T09:59:00Z'), false).elapsed).toBe(-60);
    expect(viewClocks(begin, 60, at('2026-03-02T11:00:01Z'), false).remaining).toBe(-1);
  });

  it('has no time left once ended, and nothing for a bad date', () => {
    expect(viewClocks(begin, 60, at('2026-03-02T10:10:00Z'), true).remaining).toBeNull();
    expect(viewClocks('x', 60, 0, false)).toEqual({ elapsed: null, remaining: null });
  });
});

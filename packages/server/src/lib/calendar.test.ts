import { describe, expect, it } from 'vitest';
import { dayIn } from './calendar.js';

describe('dayIn', () => {
  it('reads the day in the organisation’s time zone, not the server’s', () => {
    const lateEvening = new Date('2026-11-24T20:30:00Z');
    expect(dayIn(lateEvening, 'UTC')).toBe('2026-11-24');
    expect(dayIn(lateEvening, 'Asia/Almaty')).toBe('2026-11-25');
  });
});

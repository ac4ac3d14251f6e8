import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatTime, getOrgTimeZone, orgWallTimeToIso, setOrgTimeZone } from './dates';

const DEFAULT_ZONE = getOrgTimeZone();

describe('dates in the organisation’s time zone', () => {
  afterEach(() => setOrgTimeZone(DEFAULT_ZONE));

  it('shows a moment on the organisation’s clock, whatever the offset it came with', () => {
    setOrgTimeZone('Asia/Aqtau'); // UTC+5 all year
    expect(formatTime('2026-12-01T05:00:00.000Z')).toBe('10:00');
    expect(formatTime('2026-12-01T10:00:00+05:00')).toBe('10:00');
    expect(formatDate('2026-11-30T20:30:00.000Z')).toBe('01.12.2026');
    setOrgTimeZone('Europe/Moscow'); // UTC+3
    expect(formatTime('2026-12-01T05:00:00.000Z')).toBe('08:00');
  });

  it('never moves a calendar date', () => {
    setOrgTimeZone('America/Los_Angeles');
    expect(formatDate('2026-11-22')).toBe('22.11.2026');
  });

  it('reads a picked wall-clock time in the organisation’s zone', () => {
    setOrgTimeZone('Asia/Aqtau');
    expect(orgWallTimeToIso(dayjs('2026-03-02T10:30:45'))).toBe('2026-03-02T10:30:00+05:00');
    setOrgTimeZone('Europe/Moscow');
    expect(orgWallTimeToIso(dayjs('2026-03-02T10:30'))).toBe('2026-03-02T10:30:00+03:00');
  });
});

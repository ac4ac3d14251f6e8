import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { getOrgTimeZone, setOrgTimeZone } from '../../lib/dates';
import { normaliseTabel, resultText, retakeDateFromIso, retakeDateToIso, statusColor, statusKey } from './format';

const DEFAULT_ZONE = getOrgTimeZone();

describe('retake date and time', () => {
  afterEach(() => setOrgTimeZone(DEFAULT_ZONE));

  it('joins the picked date and time on the organisation’s clock with its offset', () => {
    setOrgTimeZone('Asia/Aqtau'); // UTC+5
    expect(retakeDateToIso(dayjs('2026-03-02'), dayjs('2000-01-01T10:35:50'))).toBe('2026-03-02T10:35:00+05:00');
    setOrgTimeZone('Europe/Moscow');
    expect(retakeDateToIso(dayjs('2026-03-02T23:00'), dayjs('2026-03-05T08:05'))).toBe('2026-03-02T08:05:00+03:00');
  });

  it('splits a stored moment into the organisation’s date and time, whatever offset it came with', () => {
    setOrgTimeZone('Asia/Aqtau');
    const split = retakeDateFromIso('2026-03-02T04:30:00.000Z');
    expect(split?.date.format('YYYY-MM-DD')).toBe('2026-03-02');
    expect(split?.time.format('HH:mm')).toBe('09:30');
    // the old client's +06:00
    const old = retakeDateFromIso('2026-03-02T00:30+06:00');
    expect(old?.date.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(old?.time.format('HH:mm')).toBe('23:30');
  });

  it('round-trips', () => {
    setOrgTimeZone('Asia/Almaty');
    const iso = '2026-11-30T14:05:00+05:00';
    const split = retakeDateFromIso(iso);
    expect(split && retakeDateToIso(split.date, split.time)).toBe(iso);
  });

  it('gives null for nothing', () => {
    expect(retakeDateFromIso(null)).toBeNull();
    expect(retakeDateFromIso('')).toBeNull();
  });
});

describe('test statuses', () => {
  it('knows the five texts of the API', () => {
    expect(['Ожидается', 'В процессе', 'Пройден', 'Не пройден', 'Пересдача'].map(statusKey)).toEqual([
      'upcoming',
      'inProgress',
      'passed',
      'failed',
      'retake',
    ]);
    expect(statusKey('Что-то')).toBeNull();
  });

  it('colours waiting grey, failed red, passed green', () => {
    expect(statusColor('Ожидается')).toBe('default');
    expect(statusColor('Не пройден')).toBe('error');
    expect(statusColor('Пройден')).toBe('success');
  });
});

describe('helpers', () => {
  it('normalises a personnel number', () => {
    expect(normaliseTabel(' 20 01 ')).toBe('2001');
    expect(normaliseTabel(undefined)).toBe('');
  });

  it('writes a result as Passed/Total', () => {
    expect(resultText({ Passed: 4, Total: 5 })).toBe('4/5');
    expect(resultText(null)).toBe('—');
  });
});

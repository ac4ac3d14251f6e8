import { topicRequest } from '@oqu/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dictionaryName, formatHours, lessonTimeFromIso, lessonTimeToIso } from './format';

describe('formatHours', () => {
  it('shows whole and half hours in the interface language', () => {
    expect(formatHours(4)).toBe('4');
    expect(formatHours(1.5)).toBe('1,5');
    expect(formatHours(1.5, 'en')).toBe('1.5');
    expect(formatHours('2.0')).toBe('2');
  });

  it('shows 0 for nothing or garbage', () => {
    expect(formatHours(null)).toBe('0');
    expect(formatHours('abc')).toBe('0');
  });
});

describe('lessonTimeToIso', () => {
  it('gives ISO 8601 with an offset that the API accepts, seconds dropped', () => {
    const iso = lessonTimeToIso(dayjs('2026-03-02T10:30:45'));
    expect(iso).toMatch(/^2026-03-02T10:30:00[+-]\d\d:\d\d$/);
    const parsed = topicRequest.safeParse({ PlanID: 1, Name: 'Тема', TypeID: 9, EduType: 11, Date: iso });
    expect(parsed.success && parsed.data.Date).toBe(iso);
  });

  it('gives null when no time is chosen', () => {
    expect(lessonTimeToIso(null)).toBeNull();
    expect(lessonTimeToIso(undefined)).toBeNull();
    expect(lessonTimeToIso(dayjs('not a date'))).toBeNull();
  });

  it('reads back the same moment', () => {
    const iso = '2026-03-02T10:30:00+06:00';
    const back = lessonTimeToIso(lessonTimeFromIso(iso));
    expect(back && dayjs(back).valueOf()).toBe(dayjs(iso).valueOf());
    expect(lessonTimeFromIso(null)).toBeNull();
    expect(lessonTimeFromIso('garbage')).toBeNull();
  });
});

describe('dictionaryName', () => {
  const items = [
    { ID: 9, Name: 'Производственное' },
    { ID: 10, Name: 'Теоретическое' },
  ];
  it('names a known item and falls back to the ID', () => {
    expect(dictionaryName(items, 10)).toBe('Теоретическое');
    expect(dictionaryName(items, 42)).toBe('42');
    expect(dictionaryName(undefined, 9)).toBe('9');
    expect(dictionaryName(items, null)).toBe('');
  });
});

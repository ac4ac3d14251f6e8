import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/kk';
import 'dayjs/locale/ru';

/** Display formats of the spec (learner-and-instructor.md §9, admin-back-office.md §9). */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const SHORT_DATE_FORMAT = 'DD.MM.YY';
export const TIME_FORMAT = 'HH:mm';

export function applyDayjsLocale(language: string): void {
  dayjs.locale(language === 'kk' || language === 'en' ? language : 'ru');
}

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

function valid(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

export function formatDate(value: DateInput): string {
  return valid(value)?.format(DATE_FORMAT) ?? '';
}

export function formatShortDate(value: DateInput): string {
  return valid(value)?.format(SHORT_DATE_FORMAT) ?? '';
}

export function formatTime(value: DateInput): string {
  return valid(value)?.format(TIME_FORMAT) ?? '';
}

/** `DD.MM.YY | HH:mm`, as the spec's lists show a date and time together. */
export function formatDateTime(value: DateInput): string {
  const date = valid(value);
  return date ? `${date.format(SHORT_DATE_FORMAT)} | ${date.format(TIME_FORMAT)}` : '';
}

/** Whole days, hours and minutes from now until `value` (zeros once it has passed). */
export function countdown(value: DateInput, now: DateInput = Date.now()): { days: number; hours: number; minutes: number } {
  const target = valid(value);
  const from = valid(now);
  const total = target && from ? Math.max(0, Math.floor(target.diff(from, 'minute', true))) : 0;
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/en';
import 'dayjs/locale/kk';
import 'dayjs/locale/ru';
import i18n from '../i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Dates are shown, and lesson times picked, in the organisation's time zone (the server's
 * ORG_TIMEZONE, read at start-up), whatever zone the browser is in: a lesson at 10:00 in Almaty
 * reads 10:00 everywhere.
 */
let orgTimeZone = 'Asia/Almaty';

export function setOrgTimeZone(zone: string): void {
  orgTimeZone = zone;
}

export function getOrgTimeZone(): string {
  return orgTimeZone;
}

/** A calendar date alone (YYYY-MM-DD) is a day, not a moment: it is never moved between zones. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Display formats of the spec (learner-and-instructor.md §9, admin-back-office.md §9). */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const SHORT_DATE_FORMAT = 'DD.MM.YY';
export const TIME_FORMAT = 'HH:mm';

/** Month and weekday names follow the interface language. */
function applyDayjsLocale(language: string | undefined): void {
  dayjs.locale(language === 'kk' || language === 'en' ? language : 'ru');
}
applyDayjsLocale(i18n.language);
i18n.on('languageChanged', applyDayjsLocale);

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

function valid(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  if (!date.isValid()) return null;
  return typeof value === 'string' && CALENDAR_DATE.test(value) ? date : date.tz(orgTimeZone);
}

/** A moment as the organisation's wall clock, e.g. for a date-time picker's value. */
export function inOrgTime(value: DateInput): dayjs.Dayjs | null {
  return valid(value);
}

/**
 * The wall-clock time a picker shows, read in the organisation's zone, as ISO 8601 with that
 * zone's offset (`2026-03-02T10:30:00+05:00`), seconds dropped.
 */
export function orgWallTimeToIso(value: dayjs.Dayjs): string {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm'), orgTimeZone).format('YYYY-MM-DDTHH:mm:ssZ');
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

import { z } from 'zod';

/**
 * The building blocks every request schema is made of, so that nothing a caller sends can fall
 * outside what PostgreSQL stores: ids fit `integer`, texts hold no NUL byte and no lone UTF-16
 * surrogate, moments have a year from 1 to 9999. A value outside them is a 400, never a database error.
 */

/** The largest PostgreSQL `integer` (int4): every id and stored count is one. */
export const INT4_MAX = 2_147_483_647;

/** A whole number from `min` to `max` (at most INT4_MAX); a string of digits is read as its number. */
export const wholeNumber = (min: number, max = INT4_MAX) => z.coerce.number().int().min(min).max(max);

/** A record id, in a path, a query string or a body. */
export const id = wholeNumber(1);

/** A NUL byte, which PostgreSQL text cannot hold, or half of a UTF-16 surrogate pair, which is no character. */
const UNSTORABLE = /[\0\p{Cs}]/u;

export function isCleanText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** `value` without what `isCleanText` refuses: for text taken as it comes, such as an uploaded file's name. */
export function storableText(value: string): string {
  return value.replace(/[\0\p{Cs}]/gu, '');
}

/** A string without NUL bytes or lone surrogates; chain `.trim()`, `.min()`, `.max()` as for `z.string()`. */
export const cleanText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isCleanText, { message: 'text_invalid', abort: true });

/** A search box's text: what a list is filtered by. */
export const searchText = cleanText().trim().max(100).optional();

/**
 * ISO 8601 date and time with an offset; seconds are optional, so the original client's
 * `YYYY-MM-DDTHH:mm+06:00` is accepted as it is, as are `…:ss+06:00` and `…Z`. The year is 1–9999.
 */
const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

export function isIsoWithOffset(value: string): boolean {
  const m = ISO_WITH_OFFSET.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1) return false;
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day && !Number.isNaN(Date.parse(value));
}

/** A moment as `isIsoWithOffset` reads it; `message` is the key of the refusal for any other text. */
export const isoMoment = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message: 'required', abort: true })
    .refine(isIsoWithOffset, message)
    .describe('ISO 8601 with offset, seconds optional, year 1–9999 (e.g. 2026-11-25T10:00+06:00)');

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists, in the years a record of ours can fall in (1900–2999). */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999) return false;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
}

/** A calendar day as `isCalendarDate` reads it; `message` is the key of the refusal for any other text. */
export const calendarDate = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, message).describe('a calendar day, YYYY-MM-DD');

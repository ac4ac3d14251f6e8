import type { DictionaryItem } from '@oqu/contracts';
import type { Dayjs } from 'dayjs';
import { inOrgTime, orgWallTimeToIso } from '../../lib/dates';

/** Hours as the plan writes them: whole numbers plain, halves with one decimal (1,5 / 1.5). */
export function formatHours(value: number | string | null | undefined, locale = 'ru'): string {
  const number = Number(value ?? 0);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Number.isFinite(number) ? number : 0);
}

/**
 * The lesson time picked in the form, as the API takes it: the organisation's wall clock as ISO 8601
 * with its offset (`2026-03-02T10:30:00+05:00`), seconds dropped; null when no time is chosen.
 */
export function lessonTimeToIso(value: Dayjs | null | undefined): string | null {
  return value?.isValid() ? orgWallTimeToIso(value) : null;
}

/** The stored lesson time for the form's picker, on the organisation's wall clock. */
export function lessonTimeFromIso(value: string | null | undefined): Dayjs | null {
  return inOrgTime(value);
}

/** A dictionary item's name by ID, or the ID itself while the dictionary loads or when it is unknown. */
export function dictionaryName(items: readonly DictionaryItem[] | undefined, id: number | null | undefined): string {
  if (id === null || id === undefined) return '';
  return items?.find((item) => item.ID === id)?.Name ?? String(id);
}

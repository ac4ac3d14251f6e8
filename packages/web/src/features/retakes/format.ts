import { TEST_STATUS } from '@oqu/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { inOrgTime, orgWallTimeToIso } from '../../lib/dates';

/** The test status texts the API sends (learner-and-instructor.md §4), with their translation keys. */
const STATUS_KEYS: Record<string, string> = {
  [TEST_STATUS.Upcoming]: 'upcoming',
  [TEST_STATUS.InProgress]: 'inProgress',
  [TEST_STATUS.Passed]: 'passed',
  [TEST_STATUS.Failed]: 'failed',
  [TEST_STATUS.Retake]: 'retake',
};

/** The translation key under `status.` of a status text, or null for a text the screens do not know. */
export function statusKey(status: string | null | undefined): string | null {
  return (status && STATUS_KEYS[status.trim()]) || null;
}

/**
 * User test status colours (admin-back-office.md §4): waiting grey, failed red, otherwise green
 * (running and retake apart).
 */
export type StatusTone = 'default' | 'error' | 'success' | 'processing' | 'warning';

export function statusColor(status: string | null | undefined): StatusTone {
  switch (statusKey(status)) {
    case 'upcoming':
    case null:
      return 'default';
    case 'failed':
      return 'error';
    case 'inProgress':
      return 'processing';
    case 'retake':
      return 'warning';
    default:
      return 'success';
  }
}

/**
 * The date and the time picked in the form as the API takes them: `date 'T' time` on the
 * organisation's wall clock with its offset (admin-back-office.md §5), e.g. `2026-03-02T10:30:00+05:00`.
 */
export function retakeDateToIso(date: Dayjs, time: Dayjs): string {
  return orgWallTimeToIso(dayjs(`${date.format('YYYY-MM-DD')}T${time.format('HH:mm')}`));
}

/** A stored retake moment as the form's date and time, on the organisation's wall clock. */
export function retakeDateFromIso(value: string | null | undefined): { date: Dayjs; time: Dayjs } | null {
  const moment = inOrgTime(value);
  if (!moment) return null;
  // a plain (browser-zone) value showing the organisation's wall clock, as the pickers give back
  const wall = dayjs(moment.format('YYYY-MM-DDTHH:mm'));
  return { date: wall.startOf('day'), time: wall };
}

/** The time a new retake form starts with: the next whole hour. */
export function nextWholeHour(now: Dayjs = dayjs()): Dayjs {
  return now.add(1, 'hour').startOf('hour');
}

/** A personnel number as it is looked up: trimmed, inner spaces removed. */
export function normaliseTabel(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '');
}

/** "Passed/Total" of a journal entry. */
export function resultText(results: { Passed: number; Total: number } | null | undefined): string {
  return results ? `${results.Passed}/${results.Total}` : '—';
}

import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../lib/dates';

/** "Passed/Total (NN %)" of an attendance figure; no percent of nobody. */
export function attendanceText({ Passed, Total }: { Passed: number; Total: number }): string {
  return Total === 0 ? `${Passed}/${Total}` : `${Passed}/${Total} (${Math.round((Passed / Total) * 100)} %)`;
}

/** A topic's scheduled day (YYYY-MM-DD, the organisation's) and time as the screens write them. */
export function scheduleText(date: string | null, time: string | null): string {
  if (!date) return '—';
  return [dayjs(date).format(DATE_FORMAT), time].filter(Boolean).join(' ');
}

import { formatDate, formatTime } from '../../lib/dates';

/** An exam's start as its lists show it: `DD.MM.YYYY HH:mm` on the organisation's clock, or a dash. */
export function examDateTime(value: string | null | undefined): string {
  const date = formatDate(value);
  return date ? `${date} ${formatTime(value)}` : '—';
}

/** People of an exam (examiners, regions) in one line, or a dash. */
export function names(people: readonly { Fullname: string }[]): string {
  return people.map((person) => person.Fullname).join(', ') || '—';
}

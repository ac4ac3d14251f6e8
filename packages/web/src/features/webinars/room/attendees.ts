import type { WebinarAttendee } from '@oqu/contracts';

/** admin-back-office.md §4 attendee online status: never connected, connected but gone, or here now. */
export type AttendeeState = 'online' | 'disconnected' | 'absent';

export function attendeeState(attendee: Pick<WebinarAttendee, 'Connected' | 'Online'>): AttendeeState {
  if (attendee.Online) return 'online';
  return attendee.Connected ? 'disconnected' : 'absent';
}

/** The popup's groups in the order it shows them, each sorted by name. */
export function groupAttendees(attendees: readonly WebinarAttendee[], locale = 'ru'): Record<AttendeeState, WebinarAttendee[]> {
  const groups: Record<AttendeeState, WebinarAttendee[]> = { online: [], disconnected: [], absent: [] };
  for (const attendee of attendees) groups[attendeeState(attendee)].push(attendee);
  const byName = (a: WebinarAttendee, b: WebinarAttendee) => a.Fullname.localeCompare(b.Fullname, locale);
  for (const list of Object.values(groups)) list.sort(byName);
  return groups;
}

/** The online count a room shows: the people holding it open minus the teacher, never below zero (§4). */
export function shownOnline(online: number): number {
  return Math.max(0, (Number.isFinite(online) ? online : 0) - 1);
}

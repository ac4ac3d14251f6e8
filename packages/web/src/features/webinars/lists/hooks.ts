import { Role, userEndpoints } from '@oqu/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { webinarsKeys } from '../api';
import { isDue } from './status';

/** Webinar teachers for the schedule form's picker (GET /api/user/getteachers, admin-back-office.md §7 Users). */
export function useTeachers() {
  return useQuery({
    queryKey: ['users', 'teachers'],
    queryFn: () => call(userEndpoints.teachers).then((r) => r.data),
  });
}

/** The clock, ticking every `intervalMs` (the spec's clocks tick each second, §9). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** How often a list asks again while one of its webinars should have opened but the server still says it waits (clocks differ). */
const DUE_RETRY_MS = 5000;

/**
 * When a waiting webinar reaches its opening moment on this clock, reloads the list so its new
 * status (and the start or join button) shows without a reload; asks again every few seconds while
 * the server's clock is behind this one.
 */
export function useReloadWhenDue(webinars: readonly { Status: string; Startdate: string }[] | undefined, now: number, reload: () => void) {
  const due = (webinars ?? []).some((webinar) => isDue(webinar, now));
  // the latest callback, so that a new function on each tick does not restart the timer
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!due) return;
    latest.current();
    const timer = setInterval(() => latest.current(), DUE_RETRY_MS);
    return () => clearInterval(timer);
  }, [due]);
}

/** Whether the signed-in person is the one who answers questions (a teacher); others only read them. */
export function useIsTeacher(): boolean {
  return useSession()?.RoleID === Role.Teacher;
}

/** Refreshes the question threads and the lists' unread markers after a thread changed. */
export function useRefreshThreads() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['webinars', 'problems'] }),
      client.invalidateQueries({ queryKey: webinarsKeys.learner }),
      client.invalidateQueries({ queryKey: webinarsKeys.teacher }),
    ]);
}

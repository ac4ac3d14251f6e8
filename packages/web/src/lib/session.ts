import { isRoleId, type RoleId } from '@oqu/contracts';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the login answer gives it, stored under `user` (learner-and-instructor.md §3). */
export interface StoredUser {
  ID?: number;
  Token: string;
  RoleID: RoleId;
  Fullname: string;
  Duty: string;
  Image: string[];
}

const KEY = 'user';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: StoredUser | null = null;

function read(): StoredUser | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  cached = parse(raw);
  return cached;
}

function parse(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!value || typeof value.Token !== 'string' || !value.Token || typeof value.RoleID !== 'number' || !isRoleId(value.RoleID))
      return null;
    return {
      ...value,
      Token: value.Token,
      RoleID: value.RoleID as RoleId,
      Fullname: typeof value.Fullname === 'string' ? value.Fullname : '',
      Duty: typeof value.Duty === 'string' ? value.Duty : '',
      Image: Array.isArray(value.Image) ? value.Image : [],
    };
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): StoredUser | null {
  return read();
}

export function setSession(user: StoredUser): void {
  localStorage.setItem(KEY, JSON.stringify(user));
  dismissExpiredNotice();
  emit();
}

const EXPIRED_KEY = 'sessionExpired';

/** Ends the session. `expired` makes the sign-in page say why the user is back there. */
export function clearSession(reason?: 'expired'): void {
  try {
    localStorage.removeItem(KEY);
    if (reason === 'expired') sessionStorage.setItem(EXPIRED_KEY, '1');
  } catch {
    // storage unavailable: nothing was stored either
  } finally {
    emit();
  }
}

/** True after a session ended because the server no longer accepted its token (until dismissed). */
export function hasExpiredNotice(): boolean {
  try {
    return sessionStorage.getItem(EXPIRED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissExpiredNotice(): void {
  try {
    sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // nothing stored
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session; re-renders on sign-in, sign-out and changes made in other tabs. */
export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

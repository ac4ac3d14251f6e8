import { createHmac, timingSafeEqual } from 'node:crypto';
import { KNOWN_FOR_DAYS } from './login-throttle.js';

/**
 * The known-device cookie: set at a successful sign-in, it lets that browser past the hold on an
 * account under attack (see login-throttle.ts) from whatever address it comes next. Its value is
 * `<user id>.<expiry in epoch seconds>.<HMAC-SHA256 of both>` under a key kept in the database, so
 * every server process reads it alike and nobody can make one up.
 */
export const KNOWN_DEVICE_COOKIE = 'oqu_device';

const KNOWN_FOR_MS = KNOWN_FOR_DAYS * 86_400_000;

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** The cookie's value for `userId`, signed with `secret`, valid for KNOWN_FOR_DAYS from `now`. */
export function signDevice(userId: number, secret: string, now: Date): string {
  const body = `${userId}.${Math.floor((now.getTime() + KNOWN_FOR_MS) / 1000)}`;
  return `${body}.${mac(secret, body)}`;
}

/** Whether `value` is a cookie signed with `secret` for `userId` that has not expired. */
export function isKnownDevice(value: string | undefined, userId: number, secret: string, now: Date): boolean {
  const [, body, user, expires, signature] = /^((\d+)\.(\d+))\.([\w-]+)$/.exec(value ?? '') ?? [];
  if (!body || Number(user) !== userId || Number(expires) * 1000 <= now.getTime()) return false;
  const given = Buffer.from(signature ?? '');
  const expected = Buffer.from(mac(secret, body));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The Set-Cookie header for `value`: sent back only to the calls that check a password (sign-in and
 * the password change, under /api/user), never readable by scripts, never sent by another site's
 * page, and only over HTTPS when the app is served over it.
 */
export function deviceCookieHeader(value: string, secure: boolean): string {
  const attributes = [`Path=/api/user`, `Max-Age=${KNOWN_FOR_MS / 1000}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return [`${KNOWN_DEVICE_COOKIE}=${value}`, ...attributes].join('; ');
}

/** The known-device cookie's value in a request's Cookie header, if it has one. */
export function deviceCookieOf(header: string | undefined): string | undefined {
  const prefix = `${KNOWN_DEVICE_COOKIE}=`;
  return header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { KNOWN_FOR_DAYS } from './login-throttle.js';

/**
 * The known-device cookie: set at a successful sign-in, it lets that browser past the hold on an
 * account under attack (see login-throttle.ts) from whatever address it comes next. Its value is
 * `<user id>.<expiry in epoch seconds>.<HMAC-SHA256>` under a key kept in the database, so every
 * server process reads it alike and nobody can make one up. The HMAC covers the account's password
 * hash too: a device is known to one password, and a new one (the person's change, an
 * administrator's reset) forgets every device at once.
 */
export const KNOWN_DEVICE_COOKIE = 'oqu_device';

const KNOWN_FOR_MS = KNOWN_FOR_DAYS * 86_400_000;

/** The account a device is known to: the person, and their password as it is now (its hash). */
export interface DeviceAccount {
  id: number;
  password_hash: string;
}

const mac = (secret: string, body: string, account: DeviceAccount) =>
  createHmac('sha256', secret).update(`${body}.${account.password_hash}`).digest('base64url');

/** The cookie's value for `account`, signed with `secret`, valid for KNOWN_FOR_DAYS from `now`. */
export function signDevice(account: DeviceAccount, secret: string, now: Date): string {
  const body = `${account.id}.${Math.floor((now.getTime() + KNOWN_FOR_MS) / 1000)}`;
  return `${body}.${mac(secret, body, account)}`;
}

/** Whether `value` is a cookie signed with `secret` for `account` (with its password as it is now) that has not expired. */
export function isKnownDevice(value: string | undefined, account: DeviceAccount, secret: string, now: Date): boolean {
  const [, body, user, expires, signature] = /^((\d+)\.(\d+))\.([\w-]+)$/.exec(value ?? '') ?? [];
  if (!body || Number(user) !== account.id || Number(expires) * 1000 <= now.getTime()) return false;
  const given = Buffer.from(signature ?? '');
  const expected = Buffer.from(mac(secret, body, account));
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

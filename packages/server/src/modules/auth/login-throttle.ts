import { isIPv6 } from 'node:net';
import type { Config } from '../../config.js';

/**
 * How password guessing is throttled (sign-in and the current-password check alike). Three counters,
 * each counted in a window of LOGIN_LOCK_MINUTES from its first failure:
 *
 * - per client address, over every account: LOGIN_MAX_FAILURES_PER_IP;
 * - per (person, address): LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP;
 * - per person, from any address: LOGIN_MAX_FAILURES_PER_ACCOUNT holds back every address that is not
 *   *known* for the person (one they signed in from, or a browser with their known-device cookie, in
 *   the last KNOWN_FOR_DAYS), so guessing from any number of addresses checks no more passwords than
 *   that per window while the owner still signs in where they usually do. Before that, once they have
 *   LOGIN_BACKOFF_AFTER_FAILURES failures, each makes the next attempt wait LOGIN_BACKOFF_BASE_SECONDS ×
 *   2^(failures − threshold), at most LOGIN_BACKOFF_MAX_MINUTES; that wait holds back only addresses
 *   that have failed for this person.
 *
 * An attempt is counted as a failure before the password is verified (see `AuthRepository.reserveAttempt`)
 * and given back when it proves right.
 */
export type ThrottlePolicy = Pick<
  Config,
  | 'LOGIN_LOCK_MINUTES'
  | 'LOGIN_MAX_FAILURES_PER_IP'
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP'
  | 'LOGIN_BACKOFF_AFTER_FAILURES'
  | 'LOGIN_BACKOFF_BASE_SECONDS'
  | 'LOGIN_BACKOFF_MAX_MINUTES'
>;

/** How long a sign-in makes its address and browser known for the person. */
export const KNOWN_FOR_DAYS = 30;

/** One counter as stored: failures (attempts being verified included) in the window that began at `firstFailedAt`. */
export interface FailureCounter {
  failures: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
}

/** The counters an attempt is checked against and counted in. */
export interface ThrottleKeys {
  person: string;
  pair: string;
  address: string;
}

/**
 * An identifier as it is looked up and counted: without surrounding spaces. Logins are kept in lower
 * case; IINs and personnel numbers are digits.
 */
export const typedIdentifier = (identifier: string) => identifier.trim();

/**
 * The person guessed at: their account when the identifier names one, else the identifier itself
 * in lower case, so guessing unknown accounts is throttled (and answered) alike. Keys are the same
 * however the account was typed (IIN, personnel number or login, any case, spaces around).
 */
export function throttleKeys(subject: { userId: number } | { identifier: string }, ip: string): ThrottleKeys {
  const person = 'userId' in subject ? `user:${subject.userId}` : `name:${typedIdentifier(subject.identifier).toLowerCase()}`;
  const address = addressOf(ip);
  return { person, pair: `${person}@${address}`, address: `ip:${address}` };
}

/**
 * The client address guesses are counted under. An IPv6 client counts as its /64 network: one
 * subscriber is usually given a whole one, and every address in it would otherwise be a fresh one.
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How long the person's back-off lasts after their latest failure, in milliseconds. */
export function backoffMs(personFailures: number, policy: ThrottlePolicy): number {
  const beyond = personFailures - policy.LOGIN_BACKOFF_AFTER_FAILURES;
  if (beyond < 0) return 0;
  const capMs = policy.LOGIN_BACKOFF_MAX_MINUTES * 60_000;
  // the cap is reached long before 40 doublings; past them 2^beyond would only grow towards Infinity
  return Math.min(capMs, policy.LOGIN_BACKOFF_BASE_SECONDS * 1000 * 2 ** Math.min(beyond, 40));
}

/**
 * Whole minutes (at least 1) the caller must wait before this attempt may be made, or null when it
 * may be made now. `counters` are current: a window that has passed reads as no failures. `known`:
 * the attempt comes from an address or browser the person signed in from (`KNOWN_FOR_DAYS`).
 */
export function minutesToWait(
  counters: Record<keyof ThrottleKeys, FailureCounter>,
  known: boolean,
  policy: ThrottlePolicy,
  now: Date,
): number | null {
  const windowMs = policy.LOGIN_LOCK_MINUTES * 60_000;
  const { person, pair, address } = counters;
  let until = 0;
  if (!known && person.failures >= policy.LOGIN_MAX_FAILURES_PER_ACCOUNT) until = person.firstFailedAt.getTime() + windowMs;
  if (address.failures >= policy.LOGIN_MAX_FAILURES_PER_IP) until = Math.max(until, address.firstFailedAt.getTime() + windowMs);
  if (pair.failures >= policy.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP) until = Math.max(until, pair.firstFailedAt.getTime() + windowMs);
  if (pair.failures > 0) until = Math.max(until, person.lastFailedAt.getTime() + backoffMs(person.failures, policy));
  const waitMs = until - now.getTime();
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60_000)) : null;
}

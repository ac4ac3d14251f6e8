import { describe, expect, it } from 'vitest';
import { deviceCookieHeader, deviceCookieOf, isKnownDevice, signDevice } from './known-device.js';

const secret = 'the-key-in-the-database';
const now = new Date('2026-11-28T10:00:00Z');
const daysLater = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('the known-device cookie', () => {
  const cookie = signDevice(7, secret, now);

  it('is known for the person it was signed for, for 30 days', () => {
    expect(cookie).toMatch(/^7\.\d+\.[\w-]+$/);
    expect(isKnownDevice(cookie, 7, secret, now)).toBe(true);
    expect(isKnownDevice(cookie, 7, secret, daysLater(29.9))).toBe(true);
  });

  it('is ignored once expired, even with the expiry changed by hand', () => {
    expect(isKnownDevice(cookie, 7, secret, daysLater(30))).toBe(false);
    const [user, expires, signature] = cookie.split('.');
    expect(isKnownDevice(`${user}.${Number(expires) + 86_400}.${signature}`, 7, secret, daysLater(30))).toBe(false);
  });

  it('is ignored when forged: another person, another key, a changed signature, or not a cookie of ours', () => {
    expect(isKnownDevice(cookie, 8, secret, now)).toBe(false);
    const [, expires, signature] = cookie.split('.');
    expect(isKnownDevice(`8.${expires}.${signature}`, 8, secret, now)).toBe(false);
    expect(isKnownDevice(signDevice(7, 'another-key', now), 7, secret, now)).toBe(false);
    expect(isKnownDevice(`${cookie.slice(0, -1)}${cookie.endsWith('A') ? 'B' : 'A'}`, 7, secret, now)).toBe(false);
    expect(isKnownDevice(`${cookie}x`, 7, secret, now)).toBe(false);
    for (const value of [undefined, '', '7', '7.9999999999', 'garbage']) expect(isKnownDevice(value, 7, secret, now)).toBe(false);
  });

  it('is set HttpOnly and SameSite=Strict for the password checks, Secure over HTTPS', () => {
    expect(deviceCookieHeader('v', false)).toBe('oqu_device=v; Path=/api/user; Max-Age=2592000; HttpOnly; SameSite=Strict');
    expect(deviceCookieHeader('v', true)).toBe('oqu_device=v; Path=/api/user; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure');
  });

  it('is read from the Cookie header among others', () => {
    expect(deviceCookieOf(`a=1; oqu_device=${cookie}; b=2`)).toBe(cookie);
    expect(deviceCookieOf('a=1; oqu_devices=x')).toBeUndefined();
    expect(deviceCookieOf(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { deviceCookieHeader, deviceCookieOf, isKnownDevice, signDevice } from './known-device.js';

const secret = 'the-key-in-the-database';
const now = new Date('2026-11-28T10:00:00Z');
const daysLater = (days: number) => new Date(now.getTime() + days * 86_400_000);
const person = { id: 7, password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' };
const other = { id: 8, password_hash: person.password_hash };

describe('the known-device cookie', () => {
  const cookie = signDevice(person, secret, now);

  it('is known for the person it was signed for, for 30 days', () => {
    expect(cookie).toMatch(/^7\.\d+\.[\w-]+$/);
    expect(isKnownDevice(cookie, person, secret, now)).toBe(true);
    expect(isKnownDevice(cookie, person, secret, daysLater(29.9))).toBe(true);
  });

  it('is ignored once expired, even with the expiry changed by hand', () => {
    expect(isKnownDevice(cookie, person, secret, daysLater(30))).toBe(false);
    const [user, expires, signature] = cookie.split('.');
    expect(isKnownDevice(`${user}.${Number(expires) + 86_400}.${signature}`, person, secret, daysLater(30))).toBe(false);
  });

  it('is ignored when forged: another person, another key, a changed signature, or not a cookie of ours', () => {
    expect(isKnownDevice(cookie, other, secret, now)).toBe(false);
    const [, expires, signature] = cookie.split('.');
    expect(isKnownDevice(`8.${expires}.${signature}`, other, secret, now)).toBe(false);
    expect(isKnownDevice(signDevice(person, 'another-key', now), person, secret, now)).toBe(false);
    expect(isKnownDevice(`${cookie.slice(0, -1)}${cookie.endsWith('A') ? 'B' : 'A'}`, person, secret, now)).toBe(false);
    expect(isKnownDevice(`${cookie}x`, person, secret, now)).toBe(false);
    for (const value of [undefined, '', '7', '7.9999999999', 'garbage']) expect(isKnownDevice(value, person, secret, now)).toBe(false);
  });

  it('is forgotten when the password changes: a device is known to one password', () => {
    expect(isKnownDevice(cookie, { ...person, password_hash: '$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3' }, secret, now)).toBe(false);
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

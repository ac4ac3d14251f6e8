import { describe, expect, it } from 'vitest';
import {
  addressOf,
  backoffMs,
  type FailureCounter,
  minutesToWait,
  type ThrottlePolicy,
  throttleKeys,
  typedIdentifier,
} from './login-throttle.js';

const policy: ThrottlePolicy = {
  LOGIN_LOCK_MINUTES: 15,
  LOGIN_MAX_FAILURES_PER_IP: 50,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: 20,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: 10,
  LOGIN_BACKOFF_AFTER_FAILURES: 5,
  LOGIN_BACKOFF_BASE_SECONDS: 30,
  LOGIN_BACKOFF_MAX_MINUTES: 15,
};

const now = new Date('2026-11-24T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const counter = (failures: number, firstAgo = 1, lastAgo = 0): FailureCounter => ({
  failures,
  firstFailedAt: minutesAgo(firstAgo),
  lastFailedAt: minutesAgo(lastAgo),
});
const none = counter(0);

describe('throttleKeys', () => {
  it('keys a known account on the person, however it was typed', () => {
    expect(throttleKeys({ userId: 7 }, '10.0.0.1')).toEqual({ person: 'user:7', pair: 'user:7@10.0.0.1', address: 'ip:10.0.0.1' });
  });

  it('keys an unknown identifier on its normal spelling', () => {
    expect(throttleKeys({ identifier: ' NoBody ' }, '10.0.0.1').person).toBe('name:nobody');
    expect(throttleKeys({ identifier: '\tNOBODY\n' }, '10.0.0.1').person).toBe('name:nobody');
    expect(throttleKeys({ identifier: 'nobody' }, '2001:db8::1')).toEqual({
      person: 'name:nobody',
      pair: 'name:nobody@2001:db8:0:0::/64',
      address: 'ip:2001:db8:0:0::/64',
    });
  });
});

describe('typedIdentifier', () => {
  it('looks an account up without the spaces around what was typed', () => {
    expect(typedIdentifier('  880312300018 ')).toBe('880312300018');
    expect(typedIdentifier('\tTrainee2\n')).toBe('Trainee2');
  });
});

describe('addressOf', () => {
  it('counts an IPv4 client by its address, however the socket spells it', () => {
    expect(addressOf('10.0.0.1')).toBe('10.0.0.1');
    expect(addressOf('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts an IPv6 client by its /64 network', () => {
    expect(addressOf('2001:db8:85a3:1:8a2e:370:7334:1')).toBe('2001:db8:85a3:1::/64');
    expect(addressOf('2001:0DB8:85a3:0001::7334')).toBe('2001:db8:85a3:1::/64');
    expect(addressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressOf('::1')).toBe('0:0:0:0::/64');
    expect(addressOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('backoffMs', () => {
  it('starts after the threshold, doubles with each failure and stops at the cap', () => {
    expect(backoffMs(4, policy)).toBe(0);
    expect(backoffMs(5, policy)).toBe(30_000);
    expect(backoffMs(6, policy)).toBe(60_000);
    expect(backoffMs(9, policy)).toBe(480_000);
    expect(backoffMs(10, policy)).toBe(900_000);
    expect(backoffMs(10_000, policy)).toBe(900_000);
  });
});

describe('minutesToWait', () => {
  const wait = (counters: Parameters<typeof minutesToWait>[0], known = false) => minutesToWait(counters, known, policy, now);

  it('lets an attempt through while every counter is under its limit', () => {
    expect(wait({ person: counter(19, 10, 20), pair: counter(4), address: counter(49) })).toBeNull();
  });

  it('holds back an address that reached its limit until its window ends', () => {
    expect(wait({ person: none, pair: none, address: counter(50, 3) })).toBe(12);
  });

  it('holds back a (person, address) pair that reached its limit until its window ends', () => {
    expect(wait({ person: counter(10, 14.5, 20), pair: counter(10, 14.5), address: counter(10) })).toBe(1);
    expect(wait({ person: counter(10, 14.5, 20), pair: counter(10, 14.5), address: counter(10) }, true)).toBe(1);
  });

  it('makes an address that failed for the person wait out the back-off', () => {
    const person = counter(8, 10, 1);
    expect(wait({ person, pair: counter(1), address: counter(1) })).toBe(3);
    expect(wait({ person: counter(8, 10, 5), pair: counter(1), address: counter(1) })).toBeNull();
  });

  it('holds back every address not known for the person once they reach their limit, until its window ends', () => {
    const attacked = counter(20, 6, 0);
    expect(wait({ person: attacked, pair: none, address: none })).toBe(9);
    expect(wait({ person: counter(1000, 14.5, 0), pair: none, address: counter(3) })).toBe(1);
    // and no longer once the window has passed (the counter then reads as none)
    expect(wait({ person: none, pair: none, address: none })).toBeNull();
  });

  it('lets an address or device known for the person past the hold on their account', () => {
    expect(wait({ person: counter(1000, 10, 0), pair: none, address: counter(3) }, true)).toBeNull();
  });
});

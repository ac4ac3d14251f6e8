import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Notifier } from '../../plugins/notify.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthRepository } from './auth.repository.js';
import { AuthService, hashToken } from './auth.service.js';
import { SessionCache } from './session-cache.js';

describe('SessionCache', () => {
  const clock = { now: 1_000_000 };
  const cache = () => new SessionCache<string>(60_000, 3, () => clock.now);
  const inAnHour = () => new Date(clock.now + 3_600_000);

  it('keeps an entry for its TTL, then forgets it', () => {
    const c = cache();
    c.set('t1', 1, 'one', inAnHour(), c.generation);
    expect(c.get('t1')).toBe('one');
    clock.now += 59_999;
    expect(c.get('t1')).toBe('one');
    clock.now += 1;
    expect(c.get('t1')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('never serves a session past its own expiry, and does not keep one already over', () => {
    const c = cache();
    c.set('t1', 1, 'one', new Date(clock.now + 5_000), c.generation);
    clock.now += 4_999;
    expect(c.get('t1')).toBe('one');
    clock.now += 1;
    expect(c.get('t1')).toBeUndefined();
    c.set('t2', 1, 'two', new Date(clock.now), c.generation);
    expect(c.get('t2')).toBeUndefined();
  });

  it('holds at most its size, dropping the oldest entries first', () => {
    const c = cache();
    for (const [token, user] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      c.set(token, user, token, inAnHour(), c.generation);
    expect(c.size).toBe(3);
    expect(c.get('a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((t) => c.get(t))).toEqual(['b', 'c', 'd']);
  });

  it('forgets one token, or every token of a person', () => {
    const c = cache();
    c.set('a1', 1, 'a1', inAnHour(), c.generation);
    c.set('a2', 1, 'a2', inAnHour(), c.generation);
    c.set('b1', 2, 'b1', inAnHour(), c.generation);
    c.forgetToken('a1');
    expect([c.get('a1'), c.get('a2'), c.get('b1')]).toEqual([undefined, 'a2', 'b1']);
    c.forgetUser(1);
    expect([c.get('a2'), c.get('b1')]).toEqual([undefined, 'b1']);
    c.clear();
    expect(c.size).toBe(0);
  });

  it('does not keep what a lookup found if anything ended while it was under way', () => {
    const c = cache();
    const started = c.generation;
    c.forgetUser(42);
    c.set('t', 1, 'stale', inAnHour(), started);
    expect(c.get('t')).toBeUndefined();
  });

  it('is off with a TTL or a size of 0', () => {
    const off = new SessionCache<string>(0, 10);
    off.set('t', 1, 'x', new Date(Date.now() + 3_600_000), off.generation);
    expect(off.enabled).toBe(false);
    expect(off.get('t')).toBeUndefined();
    expect(new SessionCache<string>(60_000, 0).enabled).toBe(false);
  });
});

describe('AuthService session cache', () => {
  function setup(overrides: Record<string, string> = {}, live = true) {
    const sessions = new Map<string, { id: number; role_id: number; full_name: string; expires_at: Date }>();
    const calls = { lookups: 0, notified: [] as string[] };
    const repository = {
      async findSessionUser(tokenHash: string) {
        calls.lookups++;
        return sessions.get(tokenHash);
      },
      async deleteSession(tokenHash: string) {
        sessions.delete(tokenHash);
      },
      async deleteUserSessions(userId: number, except?: string) {
        for (const [hash, row] of sessions) if (row.id === userId && hash !== except) sessions.delete(hash);
      },
    } as unknown as AuthRepository;
    const notifier: Notifier = {
      live,
      shared: true,
      async notify(_channel, payload) {
        calls.notified.push(payload);
      },
      async listen() {},
      async close() {},
    };
    const config = loadConfig({}, { DATA_DIR: '/tmp/oqu-unit', ...overrides });
    const auth = new AuthService(repository, {} as AuditService, config, notifier);
    const add = (token: string, id: number) =>
      sessions.set(hashToken(token), { id, role_id: Role.Trainee, full_name: `user ${id}`, expires_at: new Date(Date.now() + 3_600_000) });
    return { auth, calls, add };
  }

  it('looks a session up once, then answers from the cache', async () => {
    const { auth, calls, add } = setup();
    add('tok', 7);
    expect(await auth.authenticate('tok')).toEqual({ id: 7, roleId: Role.Trainee, fullName: 'user 7' });
    expect(await auth.authenticate('tok')).toEqual({ id: 7, roleId: Role.Trainee, fullName: 'user 7' });
    expect(calls.lookups).toBe(1);
    expect(await auth.authenticate('unknown')).toBeNull();
    expect(await auth.authenticate('unknown')).toBeNull();
    expect(calls.lookups).toBe(3);
  });

  it('forgets a session at logout and tells the other processes', async () => {
    const { auth, calls, add } = setup();
    add('tok', 7);
    await auth.authenticate('tok');
    await auth.logout('tok');
    expect(await auth.authenticate('tok')).toBeNull();
    expect(calls.notified).toEqual([`t:${hashToken('tok')}`]);
  });

  it('forgets every session of a person when they end, but for the one kept', async () => {
    const { auth, calls, add } = setup();
    add('a', 7);
    add('b', 7);
    await auth.authenticate('a');
    await auth.authenticate('b');
    await auth.revokeSessions(7);
    expect(await auth.authenticate('a')).toBeNull();
    expect(await auth.authenticate('b')).toBeNull();
    expect(calls.notified).toEqual(['u:7']);
  });

  it('bypasses the cache while it cannot hear of sessions ended elsewhere', async () => {
    const { auth, calls, add } = setup({}, false);
    add('tok', 7);
    await auth.authenticate('tok');
    await auth.authenticate('tok');
    expect(calls.lookups).toBe(2);
  });

  it('can be turned off', async () => {
    const { auth, calls, add } = setup({ SESSION_CACHE_SECONDS: '0' });
    add('tok', 7);
    await auth.authenticate('tok');
    await auth.authenticate('tok');
    expect(calls.lookups).toBe(2);
  });
});

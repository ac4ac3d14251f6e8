import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@oqu/contracts';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { nextIin } from '../../test/factories.js';

const SESSION_ENDED = { status: false, message: 'Сеанс завершён, войдите снова' };
const PASSWORD = 'Secret2026';

async function person(t: TestApp, app: FastifyInstance = t.app) {
  const iin = nextIin();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user/new',
    headers: bearer(await t.tokenOf(Role.Admin)),
    payload: { IIN: iin, Password: PASSWORD, Fullname: 'Кэшев Сеанс Тестович', RoleID: Role.Trainee },
  });
  expect(created.statusCode, created.body).toBe(200);
  return { id: created.json().user.ID as number, iin, signIn: () => signIn(app, iin) };
}

async function signIn(app: FastifyInstance, iin: string, password = PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { iin, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user.Token as string;
}

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

/** Signed in and served twice, so the session is in the app's cache. */
async function cached(app: FastifyInstance, token: string) {
  for (let i = 0; i < 2; i++) expect((await me(app, token)).statusCode).toBe(200);
}

describe('session cache: a session that ends is refused on the very next request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const asAdmin = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, payload, headers: bearer(await t.tokenOf(Role.Admin)) });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('after logout', async () => {
    const p = await person(t);
    const token = await p.signIn();
    await cached(t.app, token);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode).toBe(200);
    const after = await me(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(SESSION_ENDED);
  });

  it('after a block, for every session of the person', async () => {
    const p = await person(t);
    const tokens = [await p.signIn(), await p.signIn()];
    for (const token of tokens) await cached(t.app, token);
    await asAdmin('PUT', `/api/user/updateuser/${p.id}`, { IsBlocked: true });
    for (const token of tokens) expect((await me(t.app, token)).json()).toEqual(SESSION_ENDED);
  });

  it('after a role change', async () => {
    const p = await person(t);
    const token = await p.signIn();
    await cached(t.app, token);
    await asAdmin('PUT', `/api/user/updateuser/${p.id}`, { RoleID: Role.Teacher });
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('after an administrator sets a new password', async () => {
    const p = await person(t);
    const token = await p.signIn();
    await cached(t.app, token);
    await asAdmin('PUT', '/api/user/adminchangepass', { UserID: p.id, Newpassword: 'Fresh2026' });
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('after one’s own password change, for the other sessions only', async () => {
    const p = await person(t);
    const other = await p.signIn();
    const token = await p.signIn();
    await cached(t.app, other);
    await cached(t.app, token);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/changepass',
      headers: bearer(token),
      payload: { Password: PASSWORD, Newpassword: 'Fresh2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(t.app, other)).statusCode).toBe(401);
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  it('after the person is deleted, and after the person is archived', async () => {
    const deleted = await person(t);
    const deletedToken = await deleted.signIn();
    await cached(t.app, deletedToken);
    await asAdmin('DELETE', `/api/user/deleteuser/${deleted.id}`);
    expect((await me(t.app, deletedToken)).statusCode).toBe(401);

    const archived = await person(t);
    const archivedToken = await archived.signIn();
    await cached(t.app, archivedToken);
    // a password change of one's own is on record, so deleting the person archives them
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/changepass',
      headers: bearer(archivedToken),
      payload: { Password: PASSWORD, Newpassword: 'Fresh2026' },
    });
    expect(changed.statusCode).toBe(200);
    await cached(t.app, archivedToken);
    await asAdmin('DELETE', `/api/user/deleteuser/${archived.id}`);
    const row = await t.db.selectFrom('users').select('archived_at').where('id', '=', archived.id).executeTakeFirstOrThrow();
    expect(row.archived_at).not.toBeNull();
    expect((await me(t.app, archivedToken)).statusCode).toBe(401);
  });
});

describe('session cache: expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    // sessions last 1.8 s here, well inside the cache's 60 s
    t = await createTestApp({ SESSION_TTL_HOURS: '0.0005', SESSION_CACHE_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('does not serve a cached session past its expiry', async () => {
    const p = await person(t);
    const token = await p.signIn();
    await cached(t.app, token);
    const expiresAt = await t.db.selectFrom('sessions').select('expires_at').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.expires_at.getTime() - Date.now()) + 50));
    const after = await me(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(SESSION_ENDED);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('session cache: two server processes on one PostgreSQL database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDb: Db;
  let dataDir: string;
  /** Session lookups the second app sent to the database. */
  let lookups = 0;

  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-second-'));
    const pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 5 });
    secondDb = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log(event) {
        if (event.level === 'query' && /from "sessions"/.test(event.query.sql)) lookups++;
      },
    });
    second = await buildApp({ config: { ...t.config, DATA_DIR: dataDir }, db: secondDb });
  });
  afterAll(async () => {
    await second.close();
    await secondDb.destroy();
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Asks `app` until the token is refused; answers how long that took. */
  async function refusedWithin(app: FastifyInstance, token: string, limitMs: number) {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      const response = await me(app, token);
      if (response.statusCode === 401) return Date.now() - started;
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`still served after ${limitMs} ms`);
  }

  /** Cached in the second app: served there with no further lookup. */
  async function cachedInSecond(token: string) {
    await cached(second, token);
    const before = lookups;
    expect((await me(second, token)).statusCode).toBe(200);
    expect(lookups).toBe(before);
  }

  it('listens for ended sessions', () => {
    expect(second.notifier.shared).toBe(true);
    expect(second.notifier.live).toBe(true);
  });

  it('refuses in one a session logged out in the other within a second', async () => {
    const p = await person(t);
    const token = await p.signIn();
    await cachedInSecond(token);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect(await refusedWithin(second, token, 1000)).toBeLessThan(1000);
  });

  it('refuses in one a person blocked in the other within a second', async () => {
    const p = await person(t, second);
    const token = await p.signIn();
    await cachedInSecond(token);
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/user/updateuser/${p.id}`,
      headers: bearer(await t.tokenOf(Role.Admin)),
      payload: { IsBlocked: true },
    });
    expect(block.statusCode).toBe(200);
    expect(await refusedWithin(second, token, 1000)).toBeLessThan(1000);
  });

  it('stops trusting its cache while the listening connection is down, and listens again', async () => {
    const p = await person(t);
    const token = await p.signIn();
    await cachedInSecond(token);
    const admin = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.end();
    }
    for (let i = 0; i < 100 && second.notifier.live; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    // while it cannot hear, every request is looked up
    if (!second.notifier.live) {
      const before = lookups;
      expect((await me(second, token)).statusCode).toBe(200);
      expect(lookups).toBe(before + 1);
    }
    for (let i = 0; i < 300 && !second.notifier.live; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(second.notifier.live).toBe(true);
    await cachedInSecond(token);
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(await refusedWithin(second, token, 1000)).toBeLessThan(1000);
  });
});

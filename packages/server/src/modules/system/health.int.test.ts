import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@oqu/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Db, openDatabase } from '../../db/database.js';
import { translate } from '../../i18n/messages.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';

/** A local port nobody listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('health and readiness', () => {
  it('is ready while the database answers', async () => {
    const t: TestApp = await createTestApp();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: true });
    } finally {
      await t.close();
    }
  });

  it('answers 503 with Retry-After in the caller’s language once the database has stopped', async () => {
    const t: TestApp = await createTestApp();
    try {
      const token = await t.tokenOf(Role.Admin);
      await t.db.destroy();
      for (const request of [
        { method: 'POST' as const, url: '/api/user/login', payload: { iin: '850101300005', password: 'Admin2026!' } },
        { method: 'GET' as const, url: '/api/user/getusers', headers: bearer(token) },
      ]) {
        const response = await t.app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({ status: false, message: 'Сервис временно недоступен, попробуйте через минуту' });
      }
      const kazakh = await t.app.inject({
        method: 'GET',
        url: '/api/user/getusers',
        headers: { ...bearer(token), 'accept-language': 'kk' },
      });
      expect(kazakh.statusCode).toBe(503);
      expect(kazakh.json().message).toBe(translate('unavailable', 'kk'));
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database server accepts connections but never answers', async () => {
    // a host that takes the connection and then says nothing, as behind a dropped network
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-silent-'));
    const config = loadConfig({}, { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const { port } = silent.address() as net.AddressInfo;
    const db = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/oqu`, dataDir, connectTimeoutMs: 200 });
    const app = await buildApp({ config, db });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { iin: '850101300005', password: 'Admin2026!' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ status: false, message: translate('unavailable', 'ru') });
    } finally {
      await app.close();
      await db.destroy();
      silent.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  describe('with the database down', () => {
    let app: FastifyInstance;
    let db: Db;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-down-'));
      const config = loadConfig({}, { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
      db = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/oqu`, dataDir });
      app = await buildApp({ config, db });
    });
    afterAll(async () => {
      await app.close();
      await db.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After to a call that needs it, signed in or not', async () => {
      for (const request of [
        { method: 'POST' as const, url: '/api/user/login', payload: { iin: '850101300005', password: 'Admin2026!' } },
        { method: 'GET' as const, url: '/api/user/getusers', headers: bearer('a'.repeat(43)) },
        { method: 'GET' as const, url: '/api/subject/getplans', headers: { ...bearer('b'.repeat(43)), 'accept-language': 'en' } },
      ]) {
        const response = await app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toMatchObject({ status: false, message: expect.stringMatching(/недоступен|unavailable/) });
      }
    });

    it('says it is not ready, while the liveness check still answers', async () => {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'en' } });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toEqual({ status: false, message: 'The service is temporarily unavailable, try again in a minute' });
      const live = await app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: true });
    });
  });
});

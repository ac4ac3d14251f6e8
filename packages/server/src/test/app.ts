import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Storage } from '../plugins/storage.js';
import { createStorage } from '../plugins/storage-of-config.js';
import { DEMO_ACCOUNTS } from '../seed/demo.js';
import { openTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Where the app keeps its files. */
  storage: Storage;
  /** Signs a demo account in and returns its bearer token. */
  tokenOf(role: number): Promise<string>;
  /** The user id of a demo account. */
  idOf(role: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * The whole app on a database of its own, with the demo people: a copy of the run's demo template,
 * on PostgreSQL when DATABASE_URL is set (as in CI), else in an in-memory PGlite.
 */
export async function createTestApp(
  overrides: Partial<Record<keyof Config, string>> = {},
  /** dependencies the app takes besides its config and database (a module's collaborators in its tests) */
  deps: (db: Db) => Omit<Partial<AppDeps>, 'config' | 'db'> = () => ({}),
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-test-'));
  const database = await openTestDatabase('demo');
  const { db } = database;
  const config = loadConfig(
    {},
    {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // the face check's own tests turn it on; the others join rooms and run exams without a camera
      FACE_CHECK: 'off',
      ...overrides,
    },
  );
  const extra = deps(db);
  const storage = extra.storage ?? createStorage(config);
  const app = await buildApp({ config, db, ...extra, storage });

  const tokens = new Map<number, string>();
  const demoAccount = (role: number) => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role);
    if (!account) throw new Error(`No demo account with role ${role}`);
    return account;
  };
  return {
    app,
    db,
    config,
    storage,
    async tokenOf(role: number) {
      const cached = tokens.get(role);
      if (cached) return cached;
      const account = demoAccount(role);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { iin: account.iin, password: account.password },
      });
      const token = response.json().user?.Token;
      if (!token) throw new Error(`Demo sign-in failed: ${response.body}`);
      tokens.set(role, token);
      return token;
    },
    async idOf(role: number) {
      const row = await db.selectFrom('users').select('id').where('iin', '=', demoAccount(role).iin).executeTakeFirstOrThrow();
      return row.id;
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An empty PostgreSQL database on the server of DATABASE_URL, with the way to drop it (for a server
 * process that migrates and seeds it itself); null when DATABASE_URL is unset (the caller then uses PGlite).
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return null;
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEMO_TRAINEE_PASSWORD } from '../../seed/demo.js';
import { createScratchDatabase } from '../../test/app.js';
import { freePort, type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process.js';

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer: guesses at one
 * account sent to both at once are counted as one, so together they check no more passwords than one
 * process would. The processes trust the proxy, so each guess names its client address in
 * X-Forwarded-For. The embedded database serves one process only, so this runs on PostgreSQL alone.
 */
describe.skipIf(!process.env.DATABASE_URL)('password guessing across two server processes', () => {
  const defaults = loadConfig({});
  // the first limit guesses from one address reach: the person's back-off, or the (person, address) limit
  const limit = Math.min(defaults.LOGIN_BACKOFF_AFTER_FAILURES, defaults.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP);
  const iin = '880312300018'; // a demo trainee
  let dataDir: string;
  let drop = async () => {};
  let databaseUrl: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-guess-'));
    const scratch = await createScratchDatabase('oqu_guess');
    if (!scratch) throw new Error('DATABASE_URL is needed');
    databaseUrl = scratch.url;
    drop = scratch.drop;
    // the child processes inherit the environment
    vi.stubEnv('TRUST_PROXY', 'true');
    // one after the other: the first migrates and seeds, the second finds it done
    a = await startServerProcess({ port: await freePort(), databaseUrl, dataDir: path.join(dataDir, 'a') });
    b = await startServerProcess({ port: await freePort(), databaseUrl, dataDir: path.join(dataDir, 'b') });
  }, 150_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const login = (server: ServerProcess | undefined, password: string, from = '10.30.0.1', typed = iin, cookie?: string) =>
    fetch(`${server!.base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from, 'accept-language': 'en', ...(cookie && { cookie }) },
      body: JSON.stringify({ iin: typed, password }),
    });

  it('lets 50 parallel wrong guesses through both check no more passwords than the limit', { timeout: 60_000 }, async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(i % 2 ? a : b, 'not-the-password')));
    const statuses = answers.map((r) => r.status);
    // 401 is said only after the password was checked; 429 before
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - limit);

    // and the count both processes kept agrees: one failure per checked password
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select f.failures from login_failures f join users u on f.key = 'user:' || u.id where u.iin = $1`,
        [iin],
      );
      expect(rows).toEqual([{ failures: limit }]);
    } finally {
      await client.end();
    }
    // the right password from the same address waits too
    expect((await login(a, DEMO_TRAINEE_PASSWORD)).status).toBe(429);
  });

  it('lets 25 guesses from 25 addresses check no more passwords than the account’s limit, and the owner still in', {
    timeout: 60_000,
  }, async () => {
    const owner = { iin: '920524400017', tabel: '2003', login: 'trainee3' }; // another demo trainee
    // before the attack the owner signed in at their desk, and on a laptop that keeps the known-device cookie
    expect((await login(a, DEMO_TRAINEE_PASSWORD, '10.31.0.1', owner.login)).status).toBe(200);
    const laptop = await login(b, DEMO_TRAINEE_PASSWORD, '10.31.0.2', owner.tabel);
    const cookie = laptop.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toMatch(/^oqu_device=/);

    // every spelling of the account counts against it
    const spellings = [owner.iin, ` ${owner.iin} `, owner.tabel, owner.login, owner.login.toUpperCase()];
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(i % 2 ? a : b, 'not-the-password', `10.32.0.${i + 1}`, spellings[i % spellings.length])),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(defaults.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - defaults.LOGIN_MAX_FAILURES_PER_ACCOUNT);

    // a fresh address is held back even with the right password, in the caller's language
    const stranger = await login(a, DEMO_TRAINEE_PASSWORD, '10.33.0.1', owner.iin);
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).message).toMatch(/^Too many failed sign-in attempts. Try again in \d+ min.$/);
    // a forged cookie is no key
    expect(
      (
        await login(
          b,
          DEMO_TRAINEE_PASSWORD,
          '10.33.0.2',
          owner.iin,
          cookie?.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).status,
    ).toBe(429);
    // the owner's desk, and their laptop from an address never seen, still sign in, on either process
    expect((await login(b, DEMO_TRAINEE_PASSWORD, '10.31.0.1', owner.iin)).status).toBe(200);
    expect((await login(a, DEMO_TRAINEE_PASSWORD, '10.33.0.3', owner.iin, cookie)).status).toBe(200);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startS3 } from '../../packages/server/src/test/s3.js';
import { PORT } from '../playwright.config.js';
import { makeTestAuthority } from './authority.js';
import { NCALAYER_URL } from './ncalayer-stand-in.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the real, built server with demo data on a database of its own: a fresh PostgreSQL
 * database when DATABASE_URL is set (CI), else the embedded one in a temporary folder. It trusts
 * only the test authority made here (with a current CRL), and sends the browser to the NCALayer
 * stand-in's address, where nothing listens unless a spec starts the stand-in. With E2E_STORAGE=s3
 * its files go to a bucket of s3rver (started here, in a process of its own) rather than to disk.
 */
export default async function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`Chromium not found at ${chromium}: install Debian's chromium package`);
  for (const built of ['packages/server/dist/main.js', 'packages/web/dist/index.html']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oqu-e2e-'));
  const ncaDir = mkdtempSync(path.join(os.tmpdir(), 'oqu-e2e-nca-'));
  const { trustDir, crlDir } = await makeTestAuthority(ncaDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    // every address, so a spec can open the app by this machine's LAN address; the others use 127.0.0.1
    HOST: '0.0.0.0',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    // the test authority, and the demo's own one (its examiner's key signs the held demo exam at start)
    NCA_TRUST_DIR: `${trustDir}:${path.join(dataDir, 'demo', 'trust')}`,
    NCA_CRL_DIR: `${crlDir}:${path.join(dataDir, 'demo', 'crl')}`,
    NCALAYER_URL,
  };
  const s3 = process.env.E2E_STORAGE === 's3' ? await startS3({ bucket: 'oqu-e2e' }) : null;
  if (s3) Object.assign(env, s3.env);
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `oqu_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not become ready within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(ncaDir, { recursive: true, force: true });
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartedServer {
  /** http://127.0.0.1:{port} */
  url: string;
  /** stops the process, then drops its database and removes its data folder */
  stop: () => Promise<void>;
}

/**
 * Starts the real, built server with demo data on a database of its own: a fresh PostgreSQL
 * database (`oqu_e2e_{name}_{pid}`) when DATABASE_URL is set (CI), else the embedded one in a
 * temporary data folder. `env` adds settings, given that folder; the content origin listens on
 * `port + 1`. Resolves once /api/health answers.
 */
export async function startServer(options: {
  name: string;
  port: number;
  env?: (dataDir: string) => NodeJS.ProcessEnv;
}): Promise<StartedServer> {
  for (const built of ['packages/server/dist/main.js', 'packages/web/dist/index.html']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  const url = `http://127.0.0.1:${options.port}`;
  // another server already there would answer the readiness check in this one's place
  const taken = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${options.port} is in use: set E2E_PORT to a free one`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `oqu-e2e-${options.name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    CONTENT_PORT: String(options.port + 1),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    ...options.env?.(dataDir),
  };
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const database = `oqu_e2e_${options.name}_${process.pid}`;
    const run = async (sql: string) => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(sql);
      } finally {
        await admin.end();
      }
    };
    await run(`drop database if exists ${database} with (force)`);
    await run(`create database ${database}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = () => run(`drop database if exists ${database} with (force)`);
  }
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server did not become ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop };
}

// Starts the built server on a fresh PostgreSQL database with demo data, for a benchmark.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;

/** `env` adds settings (e.g. BENCH_ROUTES); the answer carries the database's URL for checks. */
export async function startServer({
  port = Number(process.env.BENCH_PORT ?? 3290),
  databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  env: extraEnv = {},
} = {}) {
  const name = `oqu_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'oqu-bench-')),
    ...extraEnv,
  };
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'packages/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const base = `http://127.0.0.1:${port}`;
  let ready = false;
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        ready = true;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  const dropDatabase = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  if (!ready) {
    child.kill('SIGKILL');
    await exited;
    await dropDatabase();
    throw new Error(`the server did not start on ${base}`);
  }
  return {
    base,
    databaseUrl: url.toString(),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await dropDatabase();
    },
  };
}

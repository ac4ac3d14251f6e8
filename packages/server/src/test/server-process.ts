import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '../seed/demo.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The real server in a process of its own (from the sources, with demo data), as tests that kill or multiply it need. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What it printed so far. */
  output(): string;
}

/**
 * Starts the server on `port` with `databaseUrl` (empty: PGlite on disk in `dataDir`) and resolves
 * once /api/health answers.
 */
export async function startServerProcess(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  timeoutMs?: number;
  /** more settings (STORAGE=s3 and its S3_*, say) */
  env?: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(options.dataDir, 'no-web'),
      // the content origin on a port of its own choosing: PORT + 1 may be another test's
      CONTENT_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${options.port}`;
  const until = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server stopped: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not start: ${output}`);
}

/** Ends the process with `signal` (SIGTERM falls back to SIGKILL after 10 s) and waits until it has exited. */
export async function stopServerProcess(server: ServerProcess | undefined, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Signs a demo account in over HTTP; answers its token. */
export async function signInOver(base: string, role: number): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account with role ${role}`);
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ iin: account.iin, password: account.password }),
  });
  const token = (await response.json()).user?.Token as string | undefined;
  if (!token) throw new Error(`Sign-in failed (${response.status})`);
  return token;
}

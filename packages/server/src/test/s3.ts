import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import type { StorageSettings } from '../plugins/storage-of-config.js';

const SERVER_SCRIPT = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

/** s3rver's one account. */
const ACCESS_KEY = 'S3RVER';

/** An S3 service on this machine, with one empty bucket, until `stop()`. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings that point the app at the bucket (`STORAGE=s3` with the S3_* settings). */
  config: StorageSettings;
  /** The same as environment variables, for a server process. */
  env: Partial<Record<keyof Config, string>>;
  /** Ends the service and deletes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts s3rver (an S3 service written for Node) in a child process, on a free port with a fresh
 * folder, and creates `bucket`. A process of its own keeps the service's memory out of the measured
 * process's RSS, and the service is gone with its parent however the tests end.
 */
export async function startS3(options: { bucket?: string; prefix?: string } = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'oqu-test';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-s3-'));
  const child = spawn(process.execPath, [SERVER_SCRIPT, directory, bucket], { stdio: ['pipe', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver stopped (${code}): ${errors}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = {
    STORAGE: 's3' as const,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
    S3_PREFIX: options.prefix ?? '',
  };
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    config,
    env: Object.fromEntries(Object.entries(config).map(([name, value]) => [name, String(value)])),
    async stop() {
      // closing its input ends it (see s3rver-process.mjs)
      child.stdin.end();
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

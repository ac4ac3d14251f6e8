import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3 } from '../../packages/server/src/test/s3.js';
import { PORT } from '../playwright.config.js';
import { makeTestAuthority } from './authority.js';
import { NCALAYER_URL } from './ncalayer-stand-in.js';
import { startServer } from './server.js';

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
  const ncaDir = mkdtempSync(path.join(os.tmpdir(), 'oqu-e2e-nca-'));
  const { trustDir, crlDir } = await makeTestAuthority(ncaDir);
  const s3 = process.env.E2E_STORAGE === 's3' ? await startS3({ bucket: 'oqu-e2e' }) : null;
  const server = await startServer({
    name: 'main',
    port: PORT,
    env: (dataDir) => ({
      // every address, so a spec can open the app by this machine's LAN address; the others use 127.0.0.1
      HOST: '0.0.0.0',
      // the test authority, and the demo's own one (its examiner's key signs the held demo exam at start)
      NCA_TRUST_DIR: `${trustDir}:${path.join(dataDir, 'demo', 'trust')}`,
      NCA_CRL_DIR: `${crlDir}:${path.join(dataDir, 'demo', 'crl')}`,
      NCALAYER_URL,
      ...s3?.env,
    }),
  });
  return async () => {
    await server.stop();
    await s3?.stop();
    rmSync(ncaDir, { recursive: true, force: true });
  };
}

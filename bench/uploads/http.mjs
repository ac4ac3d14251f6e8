// Documents through HTTP: the built server (bench/server.mjs) on one storage backend takes
// BENCH_HTTP_UPLOADS (24) certificate templates of the largest size the route accepts
// (DOCUMENT_MAX_BYTES), four at a time, from the demo administrator. Prints one JSON line: MB/s and
// the server's RSS growth (the kernel's high-water mark over the RSS before). Run by
// scenarios/uploads.mjs with `disk` or `s3` (s3rver in a child process of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES } from '../../packages/contracts/dist/index.js';
import { startServer } from '../server.mjs';
import { childPid, peakRssKb, resetPeakRss, rssKb } from '../viewers/proc.mjs';
import { startS3rver } from './s3rver.mjs';

const backend = process.argv[2];
const UPLOADS = Number(process.env.BENCH_HTTP_UPLOADS ?? 24);
const AT_ONCE = 4;
const ADMIN = { iin: '850101300005', password: 'Admin2026!' };

const folder = mkdtempSync(path.join(os.tmpdir(), `oqu-bench-http-${backend}-`));
const s3 = backend === 's3' ? await startS3rver(folder, 'bench') : null;
const env = s3
  ? {
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'bench',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }
  : { STORAGE: 'disk' };
const server = await startServer({ env });
try {
  const serverPid = childPid('packages/server/dist/main.js');
  const signIn = await fetch(`${server.base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = (await signIn.json()).user.Token;
  // a PDF by its first bytes, padded to the largest document the route takes
  const pdf = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
  pdf.write('%PDF-1.4\n');
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'template.pdf');
    const response = await fetch(`${server.base}/uploadF`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  };
  await upload();
  const before = rssKb(serverPid);
  resetPeakRss(serverPid);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next++ < UPLOADS) await upload();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const mb = (UPLOADS * DOCUMENT_MAX_BYTES) / 1024 / 1024;
  console.log(JSON.stringify({ backend, mb, seconds, mbPerSecond: mb / seconds, growthMb: (peakRssKb(serverPid) - before) / 1024 }));
} finally {
  await server.stop();
  s3?.stop();
  rmSync(folder, { recursive: true, force: true });
}

// One measured put: streams a generated body of BENCH_UPLOAD_MB (200) MB into one backend through
// the Storage port (`disk`, or `s3` on s3rver in a child process), after a warm-up body of 11 MB,
// and prints one JSON line: seconds, MB/s and this process's RSS growth (the kernel's high-water mark
// over the RSS before the body). Run by scenarios/uploads.mjs, one process per measurement.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3Storage } from '../../packages/server/dist/plugins/s3-storage.js';
import { DiskStorage } from '../../packages/server/dist/plugins/storage.js';
import { peakRssKb, resetPeakRss, rssKb } from '../viewers/proc.mjs';
import { startS3rver } from './s3rver.mjs';

const backend = process.argv[2];
const MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const CHUNK = 64 * 1024;
// made once and sent again and again: the body itself holds 256 KB, whatever its length
const CHUNKS = Array.from({ length: 4 }, (_, i) => Buffer.alloc(CHUNK, i + 1));

function generatedBody(bytes) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return this.push(null);
      const length = Math.min(CHUNK, bytes - sent);
      this.push(CHUNKS[(sent / CHUNK) % CHUNKS.length].subarray(0, length));
      sent += length;
    },
  });
}

const folder = mkdtempSync(path.join(os.tmpdir(), `oqu-bench-${backend}-`));
let s3;
let storage;
if (backend === 'disk') storage = new DiskStorage(folder);
else {
  s3 = await startS3rver(folder, 'bench');
  storage = new S3Storage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: 'bench',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'oqu/',
  });
}
try {
  const key = 'bench/aaaaaaaaaaaaaaaaaaaaaaaa.bin';
  await storage.put(key, generatedBody(11 * 1024 * 1024));
  const before = rssKb(process.pid);
  resetPeakRss(process.pid);
  const started = performance.now();
  await storage.put(key, generatedBody(MB * 1024 * 1024));
  const seconds = (performance.now() - started) / 1000;
  const growthMb = (peakRssKb(process.pid) - before) / 1024;
  const stored = await storage.size(key);
  if (stored !== MB * 1024 * 1024) throw new Error(`stored ${stored} bytes, not ${MB} MB`);
  console.log(JSON.stringify({ backend, mb: MB, seconds, mbPerSecond: MB / seconds, growthMb }));
} finally {
  s3?.stop();
  rmSync(folder, { recursive: true, force: true });
}

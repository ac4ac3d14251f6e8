// One media file through HTTP: the built server (bench/server.mjs) on one storage backend takes a
// BENCH_MEDIA_MB (200) MB video in one POST /api/media/new from the demo administrator, after a 1 MB
// warm-up upload. The body is generated as it is sent (the MP4 fixture's boxes, then a repeated
// 64 KB chunk), so neither side holds it whole. Prints one JSON line: MB/s and the server's RSS growth
// (the kernel's high-water mark over the RSS before). Run by scenarios/uploads.mjs with `disk` or `s3`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server.mjs';
import { childPid, peakRssKb, resetPeakRss, rssKb } from '../viewers/proc.mjs';
import { startS3rver } from './s3rver.mjs';

const backend = process.argv[2];
const MB = Number(process.env.BENCH_MEDIA_MB ?? 200);
const ADMIN = { iin: '850101300005', password: 'Admin2026!' };
const HEAD = readFileSync(new URL('../../fixtures/media/pattern.mp4', import.meta.url));
const CHUNK = Buffer.alloc(64 * 1024);

/** A multipart body (Name, VR, then the file) of a video of `bytes` bytes, made as it is read. */
function mediaBody(bytes, boundary) {
  const encoder = new TextEncoder();
  const opening = encoder.encode(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="Name"\r\n\r\nBench video\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="VR"\r\n\r\nfalse\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ].join(''),
  );
  const closing = encoder.encode(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let stage = 0;
  return new ReadableStream({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(opening);
        controller.enqueue(new Uint8Array(HEAD));
        sent = HEAD.length;
        stage = 1;
      } else if (stage === 1) {
        const length = Math.min(CHUNK.length, bytes - sent);
        if (length > 0) {
          controller.enqueue(new Uint8Array(CHUNK.buffer, CHUNK.byteOffset, length));
          sent += length;
        }
        if (sent >= bytes) stage = 2;
      } else {
        controller.enqueue(closing);
        controller.close();
      }
    },
  });
}

const folder = mkdtempSync(path.join(os.tmpdir(), `oqu-bench-media-${backend}-`));
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
  const upload = async (bytes) => {
    const boundary = `bench-${randomBytes(8).toString('hex')}`;
    const response = await fetch(`${server.base}/api/media/new`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: mediaBody(bytes, boundary),
      duplex: 'half',
    });
    if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  };
  await upload(1024 * 1024);
  const before = rssKb(serverPid);
  resetPeakRss(serverPid);
  const bytes = MB * 1024 * 1024;
  const started = performance.now();
  await upload(bytes);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ backend, mb: MB, seconds, mbPerSecond: MB / seconds, growthMb: (peakRssKb(serverPid) - before) / 1024 }));
} finally {
  await server.stop();
  s3?.stop();
  rmSync(folder, { recursive: true, force: true });
}

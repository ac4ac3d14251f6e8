// A SCORM package through HTTP: the built server (bench/server.mjs) on one storage backend takes a
// BENCH_SCORM_MB (50) MB package (POST /api/scorm/new, then POST /uploadF with ScormID before the
// file), which it streams into the store, reads back by ranges, checks and unpacks into the store,
// after a small warm-up package. Prints one JSON line: MB/s and the server's RSS growth over the
// upload (the kernel's high-water mark over the RSS before). Run by scenarios/uploads.mjs with `disk`
// or `s3` (s3rver in a child process of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import pg from 'pg';
import { startServer } from '../server.mjs';
import { childPid, peakRssKb, resetPeakRss, rssKb } from '../viewers/proc.mjs';
import { startS3rver } from './s3rver.mjs';

const backend = process.argv[2];
const MB = Number(process.env.BENCH_SCORM_MB ?? 50);
const ADMIN = { iin: '850101300005', password: 'Admin2026!' };

/** A zip of stored (uncompressed) entries, as course media are: names in UTF-8. */
function storedZip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, content } of files) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A SCORM 2004 package: a manifest, a page, and `megabytes` of media in 1 MB files. */
function scormPackage(megabytes) {
  const media = Array.from({ length: megabytes }, (_, i) => {
    const content = Buffer.alloc(1024 * 1024);
    for (let j = 0; j < content.length; j += 4) content.writeUInt32LE((i * 2654435761 + j * 40503) >>> 0, j);
    return { name: `media/part-${i}.mp4`, content };
  });
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="bench" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="O"><organization identifier="O"><title>Bench</title>
    <item identifier="I" identifierref="R"><title>Bench</title></item></organization></organizations>
  <resources><resource identifier="R" type="webcontent" adlcp:scormType="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;
  return storedZip([
    { name: 'imsmanifest.xml', content: Buffer.from(manifest) },
    { name: 'index.html', content: Buffer.from('<p>bench</p>') },
    ...media,
  ]);
}

const folder = mkdtempSync(path.join(os.tmpdir(), `oqu-bench-scorm-${backend}-`));
const s3 = backend === 's3' ? await startS3rver(folder, 'bench') : null;
const env = {
  SCORM_MAX_BYTES: String((MB + 5) * 1024 * 1024),
  ...(s3
    ? {
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'bench',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }
    : { STORAGE: 'disk' }),
};
const server = await startServer({ env });
try {
  const serverPid = childPid('packages/server/dist/main.js');
  const signIn = await fetch(`${server.base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = (await signIn.json()).user.Token;
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const topic = (await db.query('select id from topics order by id limit 1')).rows[0].id;
  await db.end();
  const call = async (url, init) => {
    const response = await fetch(`${server.base}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const upload = async (zip) => {
    const created = await call('/api/scorm/new', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TopicID: topic, Name: 'Bench' }),
    });
    const form = new FormData();
    form.append('ScormID', String(created.scorm.ID));
    form.append('file', new Blob([zip], { type: 'application/zip' }), 'course.zip');
    await call('/uploadF', { method: 'POST', body: form });
  };
  await upload(scormPackage(2));
  const zip = scormPackage(MB);
  const before = rssKb(serverPid);
  resetPeakRss(serverPid);
  const started = performance.now();
  await upload(zip);
  const seconds = (performance.now() - started) / 1000;
  const mb = zip.length / 1024 / 1024;
  console.log(JSON.stringify({ backend, mb, seconds, mbPerSecond: mb / seconds, growthMb: (peakRssKb(serverPid) - before) / 1024 }));
} finally {
  await server.stop();
  s3?.stop();
  rmSync(folder, { recursive: true, force: true });
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@oqu/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo.js';
import { DEMO_KEY_FILE } from '../seed/demo-signature.js';
import { createScratchDatabase } from '../test/app.js';
import { tinyPng } from '../test/factories.js';
import { startS3, type TestS3 } from '../test/s3.js';
import { freePort, type ServerProcess, signInOver, startServerProcess, stopServerProcess } from '../test/server-process.js';

/**
 * Two real server processes on one PostgreSQL database and one bucket, as behind a load balancer
 * with no sticky sessions: a file stored through one is served, byte for byte, by the other, and a
 * file deleted through one is gone for both.
 */
describe.skipIf(!process.env.DATABASE_URL)('two server processes on one bucket', () => {
  let dataDir: string;
  let s3: TestS3 | undefined;
  let drop = async () => {};
  let databaseUrl: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let admin: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-bucket-'));
    s3 = await startS3();
    const scratch = await createScratchDatabase('oqu_bucket');
    if (!scratch) throw new Error('DATABASE_URL is needed');
    databaseUrl = scratch.url;
    drop = scratch.drop;
    const env = s3.env;
    // one after the other: the first migrates and seeds, the second finds it done; each its own DATA_DIR
    a = await startServerProcess({ port: await freePort(), databaseUrl, dataDir: path.join(dataDir, 'a'), env });
    b = await startServerProcess({ port: await freePort(), databaseUrl, dataDir: path.join(dataDir, 'b'), env });
    admin = await signInOver(a.base, Role.Admin);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await drop();
    await s3?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const server = (which: 'a' | 'b') => {
    const found = which === 'a' ? a : b;
    if (!found) throw new Error(`server ${which} did not start`);
    return found.base;
  };
  const auth = () => ({ authorization: `Bearer ${admin}` });

  async function upload(base: string, url: string, fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: auth(), body: form });
    expect(response.status).toBe(200);
    return response.json();
  }

  const download = async (base: string, url: string) => {
    const response = await fetch(`${base}${url}`, { headers: auth() });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  async function one<T extends pg.QueryResultRow>(text: string): Promise<T> {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      return (await db.query<T>(text)).rows[0];
    } finally {
      await db.end();
    }
  }

  it('serves through B the photo and the webinar document uploaded through A, byte for byte', async () => {
    const trainee = DEMO_ACCOUNTS.find((account) => account.role === Role.Trainee);
    const { id: traineeId } = await one<{ id: number }>(`select id from users where iin = '${trainee?.iin}'`);
    const photo = tinyPng(40, [10, 120, 200]);
    const uploaded = await upload(
      server('a'),
      '/uploadI',
      { UserID: String(traineeId) },
      { bytes: photo, name: 'face.png', type: 'image/png' },
    );
    const photoPath: string = uploaded.data.Path;
    expect(await download(server('b'), photoPath)).toEqual({ status: 200, bytes: photo });

    const { id: webinarId } = await one<{ id: number }>('select id from webinars order by id limit 1');
    const document = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 'программа ')]);
    const shared = await upload(
      server('a'),
      '/uploadF',
      { WebID: String(webinarId) },
      { bytes: document, name: 'Программа.pdf', type: 'application/pdf' },
    );
    const docPath: string = shared.docs.at(-1).Path;
    expect(await download(server('b'), docPath)).toEqual({ status: 200, bytes: document });

    // deleted through B: gone for A too
    const deleted = await fetch(`${server('b')}/delete/image/id:${uploaded.data.ID}`, { method: 'DELETE', headers: auth() });
    expect(deleted.status).toBe(200);
    expect((await download(server('a'), photoPath)).status).toBe(404);
    expect((await download(server('b'), photoPath)).status).toBe(404);
  });

  it('signs the demo with one authority: B took the key file A made from the bucket', async () => {
    const keyOf = (which: string) => fs.readFile(path.join(dataDir, which, DEMO_KEY_FILE));
    expect((await keyOf('b')).equals(await keyOf('a'))).toBe(true);
  });

  it('serves through B the xlsx report made by A', async () => {
    const made = await fetch(`${server('a')}/api/report/admin`, { headers: auth() });
    const { data: url } = (await made.json()) as { data: string };
    const fromA = await download(server('a'), url);
    expect(fromA.status).toBe(200);
    expect(fromA.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(await download(server('b'), url)).toEqual(fromA);
  });
});

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Role } from '@oqu/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { prepareDemoSigning, signDemoReportCard } from '../seed/demo-signature.js';
import { bearer, createTestApp, type TestApp } from '../test/app.js';
import { tinyPng } from '../test/factories.js';
import { filePart, postMultipart } from '../test/multipart.js';
import { startS3, type TestS3 } from '../test/s3.js';
import { createStorage } from './storage-of-config.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run storage:copy -- --to s3` from the sources: its exit code and what it printed. */
function runCopy(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/plugins/storage-copy-cli.ts', '--to', 's3'], {
      cwd: REPO,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * A demo installation on disk, as `npm start` makes it (the demo data, its authority, the held exam's
 * signed report card and the certificate it issued), plus a photo, copied to a bucket by the command;
 * an app on the bucket then serves every file the disk one served, byte for byte.
 */
describe('storage:copy from disk to a bucket', () => {
  let t: TestApp;
  let s3: TestS3;
  let onBucket: FastifyInstance;
  /** what the app on disk served: address → bytes */
  const served = new Map<string, Buffer>();
  let stored = 0;

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'demo' });
    s3 = await startS3();
    await prepareDemoSigning(t.db, t.storage, t.config.DATA_DIR);
    const held = await t.db.selectFrom('exams').select(['id', 'ended_at']).where('ended_at', 'is not', null).executeTakeFirstOrThrow();
    const signedAt = new Date(new Date(held.ended_at ?? 0).getTime() + 15 * 60_000);
    await signDemoReportCard(
      t.app.services.signatures,
      { heldExamId: held.id, examinerId: await t.idOf(Role.Examiner), signedAt },
      t.storage,
    );

    const admin = bearer(await t.tokenOf(Role.Admin));
    const photo = await postMultipart(
      t.app,
      '/uploadI',
      [{ name: 'UserID', value: String(await t.idOf(Role.Trainee)) }, filePart(tinyPng(30), 'face.png', 'image/png')],
      await t.tokenOf(Role.Admin),
    );
    const [signature] = (await t.app.inject({ method: 'GET', url: `/api/exam/reportcard/id:${held.id}/signatures`, headers: admin })).json()
      .data;
    const [certificate] = (
      await t.app.inject({ method: 'GET', url: '/api/cer/user', headers: bearer(await t.tokenOf(Role.Trainee)) })
    ).json().data;
    // the certificate's PDF is rendered and stored at its first download
    for (const url of [
      photo.json().data.Path,
      `/api/exam/signature/id:${signature.ID}`,
      `/api/exam/signature/id:${signature.ID}/pdf`,
      certificate.Path,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(200);
      served.set(url, response.rawPayload);
    }
    for await (const _ of t.storage.list()) stored++;

    const config = { ...t.config, ...s3.config };
    onBucket = await buildApp({ config, db: t.db, storage: createStorage(config) });
  }, 120_000);

  afterAll(async () => {
    await onBucket?.close();
    await t?.close();
    await s3?.stop();
  });

  it('copies every stored file, then finds them all there on a second run', async () => {
    // the photo, the signature and its PDF, the certificate, the demo's authority and key file
    expect(stored).toBeGreaterThanOrEqual(6);
    const env = { DATA_DIR: t.config.DATA_DIR, ...s3.env };
    const first = await runCopy(env);
    expect(first.output).toContain(`${stored} of ${stored} files`);
    expect(first.output).toMatch(new RegExp(`Copied ${stored} \\(.+ MB\\), skipped 0 already there, failed 0\\n$`));
    expect(first.code).toBe(0);

    const second = await runCopy(env);
    expect(second.output).toMatch(new RegExp(`Copied 0 \\(0\\.0 MB\\), skipped ${stored} already there, failed 0\\n$`));
    expect(second.code).toBe(0);
  }, 60_000);

  it('serves the demo’s files from the bucket byte for byte', async () => {
    const admin = bearer(await t.tokenOf(Role.Admin));
    for (const [url, bytes] of served) {
      const response = await onBucket.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.equals(bytes), url).toBe(true);
    }
  });

  it('refuses to run without a bucket, saying what to set', async () => {
    const { code, output } = await runCopy({ DATA_DIR: t.config.DATA_DIR, S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' });
    expect(code).toBe(1);
    expect(output).toContain('S3_BUCKET: must be set when STORAGE=s3');
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../test/s3.js';
import { freePort } from '../test/server-process.js';
import { describeStorageContract } from '../test/storage-contract.js';
import { type S3Settings, S3Storage } from './s3-storage.js';
import { DiskStorage, isStorageKey } from './storage.js';
import { createStorage } from './storage-of-config.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.stop());

const settingsOf = (service: TestS3, prefix = ''): S3Settings => ({
  endpoint: service.endpoint,
  region: 'us-east-1',
  bucket: service.bucket,
  accessKeyId: service.accessKeyId,
  secretAccessKey: service.secretAccessKey,
  forcePathStyle: true,
  prefix,
});

describeStorageContract('DiskStorage', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-files-'));
  return { storage: new DiskStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
});

describeStorageContract('S3Storage on s3rver', async () => ({ storage: new S3Storage(settingsOf(s3, 'oqu/')) }));

describe('isStorageKey', () => {
  it('takes a file of ours, and a file of an unpacked archive under a folder of ours', () => {
    for (const key of ['photos/abcdefghijklmnop.png', 'scorm/abcdefghijklmnop/index.html', 'scorm/abcdefghijklmnop/уроки/шаг 1.html']) {
      expect(isStorageKey(key), key).toBe(true);
    }
  });

  it('refuses paths that could leave the folder or are not plain names', () => {
    for (const key of [
      'photos/abc.png',
      '../photos/abcdefghijklmnop.png',
      'scorm/abcdefghijklmnop/../../etc/passwd',
      'scorm/abcdefghijklmnop/./index.html',
      'scorm/abcdefghijklmnop//index.html',
      'scorm/abcdefghijklmnop/',
      'scorm/abcdefghijklmnop/a\\b.html',
      'scorm/abcdefghijklmnop/a\u0000b.html',
      `scorm/abcdefghijklmnop/${'a'.repeat(256)}`,
      `scorm/abcdefghijklmnop/${'a/'.repeat(600)}b`,
      'Scorm/abcdefghijklmnop/index.html',
    ]) {
      expect(isStorageKey(key), key).toBe(false);
    }
  });
});

describe('S3Storage', () => {
  it('keeps its files under S3_PREFIX and lists only the keys of files', async () => {
    const withPrefix = new S3Storage(settingsOf(s3, 'mine/'));
    const whole = new S3Storage(settingsOf(s3));
    await withPrefix.put('photos/abcdefghijklmnop.png', Buffer.from('x'));
    expect(await whole.size('photos/abcdefghijklmnop.png')).toBeNull();
    const listed = [];
    for await (const entry of withPrefix.list('photos/')) listed.push(entry);
    expect(listed).toEqual([{ key: 'photos/abcdefghijklmnop.png', size: 1 }]);
    await withPrefix.remove('photos/abcdefghijklmnop.png');
  });

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    const missing = new S3Storage({ ...settingsOf(s3), bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow(
      `the bucket S3_BUCKET=no-such-bucket at S3_ENDPOINT=${s3.endpoint} cannot be used: there is no such bucket (create it, or correct S3_BUCKET)`,
    );
  });

  it('refuses to start with a key the service does not take, naming the settings', async () => {
    // s3rver knows its keys but does not check SigV4 signatures: an unknown key stands for a wrong secret
    const wrongKey = new S3Storage({ ...settingsOf(s3), accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.check()).rejects.toThrow(
      /cannot be used: access denied \(\w+\): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket$/,
    );
  });

  it('reads a missing bucket as an error, not as a missing file', async () => {
    await expect(new S3Storage({ ...settingsOf(s3), bucket: 'no-such-bucket' }).read('photos/abcdefghijklmnop.png')).rejects.toThrow();
  });

  it('refuses to start when the service cannot be reached, naming its address', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const unreachable = new S3Storage({ ...settingsOf(s3), endpoint });
    await expect(unreachable.check()).rejects.toThrow(
      new RegExp(
        `^the bucket S3_BUCKET=oqu-test at S3_ENDPOINT=${endpoint} cannot be used: the service cannot be reached \\(.*ECONNREFUSED`,
      ),
    );
  });

  it('refuses keys that are not storage keys', async () => {
    await expect(new S3Storage(settingsOf(s3)).put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('Bad storage key');
  });
});

describe('the server', () => {
  it('refuses to start on a bucket it cannot use, printing why', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const env = { ...process.env, ...s3.env, S3_BUCKET: 'no-such-bucket', LOG_LEVEL: 'silent' };
    const started = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    started.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const [code] = await once(started, 'exit');
    expect(code).toBe(1);
    expect(errors).toContain(
      `Oqu cannot start: the bucket S3_BUCKET=no-such-bucket at S3_ENDPOINT=${s3.endpoint} cannot be used: there is no such bucket`,
    );
  });
});

describe('createStorage', () => {
  it('makes the store the settings name', () => {
    expect(createStorage({ ...s3.config, STORAGE: 'disk', DATA_DIR: '/tmp/oqu' })).toBeInstanceOf(DiskStorage);
    expect(createStorage({ ...s3.config, DATA_DIR: '/tmp/oqu' })).toBeInstanceOf(S3Storage);
  });
});

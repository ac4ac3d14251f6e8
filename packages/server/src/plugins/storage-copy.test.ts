import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskStorage } from './storage.js';
import { type CopyProgress, copyStorage } from './storage-copy.js';

const key = (folder: string, n: number) => `${folder}/${String(n).padStart(16, '0')}.bin`;

async function bytesOf(storage: DiskStorage, k: string): Promise<Buffer | null> {
  const found = await storage.read(k);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('copyStorage', () => {
  let dir: string;
  let from: DiskStorage;
  let to: DiskStorage;
  const files = new Map<string, Buffer>();

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-copy-'));
    from = new DiskStorage(path.join(dir, 'from'));
    to = new DiskStorage(path.join(dir, 'to'));
    files.clear();
    for (let n = 0; n < 7; n++) files.set(key(n % 2 ? 'photos' : 'reports', n), randomBytes(1000 + n * 300));
    for (const [k, bytes] of files) await from.put(k, bytes);
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('copies every file byte for byte, reporting each, and a second run copies none', async () => {
    const seen: CopyProgress[] = [];
    const first = await copyStorage(from, to, (p) => seen.push(p));
    const totalBytes = [...files.values()].reduce((sum, b) => sum + b.length, 0);
    expect(first).toEqual({ copied: 7, skipped: 0, failed: [], bytes: totalBytes });
    for (const [k, bytes] of files) expect((await bytesOf(to, k))?.equals(bytes)).toBe(true);
    expect(seen.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seen.at(-1)).toEqual({ done: 7, total: 7, bytes: totalBytes, totalBytes });

    expect(await copyStorage(from, to)).toEqual({ copied: 0, skipped: 7, failed: [], bytes: 0 });
  });

  it('resumes a run stopped midway: what is there with its size is skipped, a file of another size copied again', async () => {
    const keys = [...files.keys()];
    await to.put(keys[0], files.get(keys[0]) as Buffer);
    await to.put(keys[1], files.get(keys[1]) as Buffer);
    await to.put(keys[2], Buffer.from('a different, shorter file'));
    const outcome = await copyStorage(from, to);
    expect(outcome).toMatchObject({ copied: 5, skipped: 2, failed: [] });
    expect((await bytesOf(to, keys[2]))?.equals(files.get(keys[2]) as Buffer)).toBe(true);
  });

  it('counts a file that fails and copies the others', async () => {
    const broken = [...files.keys()][3];
    const failing = new DiskStorage(path.join(dir, 'to'));
    const put = failing.put.bind(failing);
    failing.put = async (k: string, body: Buffer | Readable) => {
      if (k === broken) throw new Error('the bucket refused it');
      return put(k, body);
    };
    const outcome = await copyStorage(from, failing);
    expect(outcome).toMatchObject({ copied: 6, skipped: 0, failed: [{ key: broken, error: 'the bucket refused it' }] });
    expect(await to.size(broken)).toBeNull();
    // the next run copies only what failed
    expect(await copyStorage(from, to)).toMatchObject({ copied: 1, skipped: 6, failed: [] });
  });

  it('copies nothing from an empty store', async () => {
    expect(await copyStorage(new DiskStorage(path.join(dir, 'none')), to)).toEqual({ copied: 0, skipped: 0, failed: [], bytes: 0 });
  });
});

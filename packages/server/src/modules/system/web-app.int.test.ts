import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

const SCRIPT = `console.log(${JSON.stringify('Oqu '.repeat(500))});`;

/** A built web app as `npm run build` leaves it: hashed assets with their .br and .gz copies. */
async function builtWebApp(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-web-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-Ab12Cd34.js"></script>');
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = path.join(dist, 'assets', 'index-Ab12Cd34.js');
  await fs.writeFile(asset, SCRIPT);
  await fs.writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await fs.writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  return dist;
}

describe('the web app’s files', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await builtWebApp();
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends hashed assets pre-compressed, brotli first, and lets browsers keep them for good', async () => {
    const brotli = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('has browsers check the page and unhashed files every time', async () => {
    for (const url of ['/', '/user/main']) {
      const page = await get(url, 'br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('no-cache');
  });
});

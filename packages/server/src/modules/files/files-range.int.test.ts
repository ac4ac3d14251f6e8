import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../plugins/storage-of-config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startS3, type TestS3 } from '../../test/s3.js';

// a stored file is served the same from either store
describe.each(['disk', 's3'] as const)('a stored file in ranges (%s storage)', (store) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  const body = Buffer.from('0123456789abcdefghij');
  const url = `/files/webinars/${randomBytes(16).toString('hex')}.pdf`;

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3();
    t = await createTestApp({ ...s3?.env });
    await createStorage(t.config).put(url.slice('/files/'.length), body);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const get = (range?: string) => t.app.inject({ method: 'GET', url, headers: range === undefined ? {} : { range } });

  it('serves the whole file without a Range, saying ranges are accepted', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe('20');
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.rawPayload.equals(body)).toBe(true);
  });

  it.each([
    ['bytes=2-5', '2345', 'bytes 2-5/20'],
    ['bytes=0-0', '0', 'bytes 0-0/20'],
    ['bytes=15-', 'fghij', 'bytes 15-19/20'],
    ['bytes=15-1000', 'fghij', 'bytes 15-19/20'],
    ['bytes=-3', 'hij', 'bytes 17-19/20'],
  ])('answers %s with 206 and only those bytes', async (range, bytes, contentRange) => {
    const response = await get(range);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(contentRange);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-disposition']).toBe('attachment');
    expect(response.body).toBe(bytes);
  });

  it('answers a range past the end with 416 and the size', async () => {
    for (const range of ['bytes=20-', 'bytes=25-30', 'bytes=-0']) {
      const response = await get(range);
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */20');
      expect(response.body).toBe('');
    }
  });

  it('serves the whole file for several ranges or a malformed one', async () => {
    for (const range of ['bytes=0-1,4-5', 'bytes=5-1', 'lines=1-2', 'bytes=x-']) {
      const response = await get(range);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(body)).toBe(true);
    }
  });

  it('knows no missing file, with a Range or without', async () => {
    const missing = '/files/webinars/0123456789abcdef0123456789abcdef.pdf';
    expect((await t.app.inject({ method: 'GET', url: missing, headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
  });
});

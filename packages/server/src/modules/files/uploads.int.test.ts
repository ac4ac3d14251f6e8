import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from '../../plugins/storage.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { facePhoto, jpegOfSize } from '../../test/factories.js';
import { garbageCollector } from '../../test/memory.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';

/** Disk storage that notes how each body came and counts the bytes that reached it while they stream. */
class WatchedStorage extends DiskStorage {
  bodies: ('buffer' | 'stream')[] = [];
  received = 0;

  override async put(key: string, body: Buffer | Readable) {
    if (Buffer.isBuffer(body)) {
      this.bodies.push('buffer');
      return super.put(key, body);
    }
    this.bodies.push('stream');
    const watched = this;
    const counted = async function* () {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        watched.received += chunk.length;
        yield chunk;
      }
    };
    return super.put(key, Readable.from(counted(), { objectMode: false }));
  }
}

const PDF_HEAD = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A PDF padded after its end marker to exactly `size` bytes, with bytes that vary (so a lost or moved chunk shows). */
function pdfOfSize(size: number): Buffer {
  const data = Buffer.alloc(size);
  PDF_HEAD.copy(data);
  for (let i = PDF_HEAD.length; i < size; i++) data[i] = 32 + (i % 89);
  return data;
}

describe('uploads stream into storage, and a refused one leaves nothing there', () => {
  let t: TestApp;
  let storage: WatchedStorage;
  let storageDir: string;
  let adminToken: string;

  beforeAll(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-uploads-'));
    storage = new WatchedStorage(storageDir);
    t = await createTestApp({}, () => ({ storage }));
    adminToken = await t.tokenOf(Role.Admin);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  const keys = async () => {
    const found: string[] = [];
    for await (const { key } of storage.list()) found.push(key);
    return found;
  };
  /** Sends the upload and answers its status and message, checking that storage holds what it held before. */
  async function refused(url: string, parts: MultipartPart[], token = adminToken) {
    const before = await keys();
    const response = await postMultipart(t.app, url, parts, token, { 'accept-language': 'en' });
    expect(await keys(), `${url}: ${response.body}`).toEqual(before);
    return { status: response.statusCode, message: response.json().message };
  }
  const field = (name: string, value: string | number): MultipartPart => ({ name, value: String(value) });

  describe('documents (/uploadF)', () => {
    it('streams an accepted document into its target’s folder: served back byte for byte', async () => {
      const document = pdfOfSize(700_000); // past the head the type is judged by
      const response = await postMultipart(t.app, '/uploadF', [filePart(document, 'template.pdf')], adminToken);
      expect(response.statusCode).toBe(200);
      const { Path, Size } = response.json();
      expect(Path).toMatch(/^\/files\/certificates\/[0-9a-f]{32}\.pdf$/);
      expect(Size).toBe(document.length);
      expect(storage.bodies.at(-1)).toBe('stream');
      expect(await keys()).toContain(Path.replace('/files/', ''));
      const served = await t.app.inject({ method: 'GET', url: Path });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(document)).toBe(true);
    });

    it('refuses a document one byte past the limit with 413', async () => {
      expect(await refused('/uploadF', [filePart(pdfOfSize(DOCUMENT_MAX_BYTES + 1), 'big.pdf')])).toEqual({
        status: 413,
        message: 'The file must not exceed 10 megabytes',
      });
      // a target with the same limit, named by the fields before the file, cut at it as well
      const room = await refused('/uploadF', [field('WebID', 1), filePart(pdfOfSize(DOCUMENT_MAX_BYTES + 100_000), 'big.pdf')]);
      expect(room.status).toBe(413);
    });

    it('refuses a type the target does not take with 415, whatever the name says', async () => {
      expect((await refused('/uploadF', [filePart(Buffer.from('just some text\n'.repeat(1000)), 'notes.pdf')])).status).toBe(415);
      // a ZIP is a room's document, not a certificate template
      const zip = Buffer.concat([Buffer.from('PK\x05\x06'), Buffer.alloc(18)]);
      expect((await refused('/uploadF', [filePart(zip, 'template.zip')])).status).toBe(415);
    });

    it('leaves nothing when the record named is refused after the file is stored (404, 403)', async () => {
      const document = pdfOfSize(400_000);
      expect((await refused('/uploadF', [field('WebID', 999999), filePart(document, 'doc.pdf')])).status).toBe(404);
      const video = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom', 'latin1'), Buffer.alloc(400_000)]);
      expect((await refused('/uploadF', [field('WebID', 999999), field('Types', 'preview'), filePart(video, 'v.mp4')])).status).toBe(404);
      const trainee = await t.tokenOf(Role.Trainee);
      expect((await refused('/uploadF', [field('AnswerID', 999999), filePart(document, 'a.pdf')], trainee)).status).toBe(404);
    });

    it('leaves nothing when the form is refused: fields that do not parse, a target field after the file, a body cut short', async () => {
      const document = pdfOfSize(400_000);
      expect((await refused('/uploadF', [field('WebID', 'abc'), filePart(document, 'doc.pdf')])).status).toBe(400);
      expect(await refused('/uploadF', [filePart(document, 'doc.pdf'), field('WebID', 1)])).toEqual({
        status: 400,
        message: 'The form fields (WebID, AnswerID, Types, ScormID) must come before the file',
      });
      // the file's bytes arrive, the closing boundary never does
      const before = await keys();
      const boundary = 'oqu-cut-short';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const cut = await t.app.inject({
        method: 'POST',
        url: '/uploadF',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([Buffer.from(head), document]),
      });
      expect(cut.statusCode).toBeGreaterThanOrEqual(400);
      expect(cut.statusCode).toBeLessThan(500);
      expect(await keys()).toEqual(before);
    });
  });

  describe('photos (/uploadI)', () => {
    it('stores an accepted photo in its target’s folder: served back byte for byte', async () => {
      const photo = jpegOfSize(PHOTO_MAX_BYTES);
      const response = await postMultipart(
        t.app,
        '/uploadI',
        [filePart(photo, 'me.jpg'), field('UserID', await t.idOf(Role.Trainee))],
        adminToken,
      );
      expect(response.statusCode).toBe(200);
      const { Path } = response.json().data;
      expect(Path).toMatch(/^\/files\/photos\/[0-9a-f]{32}\.jpg$/);
      const served = await t.app.inject({ method: 'GET', url: Path });
      expect(served.rawPayload.equals(photo)).toBe(true);
    });

    it('refuses a photo past the limit (413), of another type (415), of no one or of an unknown record (400, 404), leaving nothing', async () => {
      const userId = field('UserID', await t.idOf(Role.Trainee));
      const photo = facePhoto('jesper.jpg');
      expect(await refused('/uploadI', [userId, filePart(jpegOfSize(PHOTO_MAX_BYTES + 1), 'big.jpg')])).toEqual({
        status: 413,
        message: 'The file must not exceed 1 megabyte',
      });
      expect((await refused('/uploadI', [userId, filePart(pdfOfSize(10_000), 'photo.jpg')])).status).toBe(415);
      expect((await refused('/uploadI', [filePart(photo, 'photo.jpg')])).status).toBe(400);
      expect((await refused('/uploadI', [filePart(photo, 'photo.jpg'), field('UserID', 999999)])).status).toBe(404);
      expect((await refused('/uploadI', [field('QuestionID', 999999), filePart(photo, 'photo.jpg')])).status).toBe(404);
      expect((await refused('/uploadI', [userId, filePart(photo, 'photo.jpg')], await t.tokenOf(Role.Teacher))).status).toBe(403);
    });
  });

  describe('a document of the largest size over a real socket', () => {
    const CHUNK = 64 * 1024;
    const PAUSE_AT = 128 * CHUNK;
    /** The document's bytes, made as they are sent: the client never holds the whole of it either. */
    function* documentChunks() {
      for (let offset = 0; offset < DOCUMENT_MAX_BYTES; offset += CHUNK) {
        const chunk = Buffer.alloc(Math.min(CHUNK, DOCUMENT_MAX_BYTES - offset), (offset / CHUNK) % 251);
        if (offset === 0) PDF_HEAD.copy(chunk);
        yield chunk;
      }
    }

    /**
     * The memory this process holds: its heap and the buffers outside it after full collections. Freed
     * buffers are released by a background sweeper, so the least of a few rounds is taken.
     */
    async function retained() {
      const collect = garbageCollector();
      let least = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 5; round++) {
        collect();
        await new Promise((resolve) => setImmediate(resolve));
        const { heapUsed, arrayBuffers } = process.memoryUsage();
        least = Math.min(least, heapUsed + arrayBuffers);
      }
      return least;
    }

    /** Resolves once `ready()` holds, checking every few milliseconds; rejects after `ms`. */
    async function until(ready: () => boolean, ms: number, what: string) {
      const deadline = Date.now() + ms;
      while (!ready()) {
        if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }

    it('reaches storage while the body is still arriving, with bounded memory, and is stored whole', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      const boundary = 'oqu-largest-document';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="largest.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const sent = createHash('sha256');

      const retainedBefore = await retained();
      let retainedMidway = 0;
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 2);
      const receivedBefore = storage.received;
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`http://127.0.0.1:${port}/uploadF`, {
          method: 'POST',
          agent: false,
          headers: {
            authorization: `Bearer ${adminToken}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + DOCUMENT_MAX_BYTES + tail.length,
          },
        });
        request.on('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        (async () => {
          const write = (chunk: Buffer) => new Promise<void>((done) => (request.write(chunk) ? done() : request.once('drain', done)));
          await write(head);
          let written = 0;
          for (const chunk of documentChunks()) {
            sent.update(chunk);
            await write(chunk);
            written += chunk.length;
            // 8 MB are sent: the rest waits until they are in storage, which never happens when the
            // server holds the file whole before storing it
            if (written === PAUSE_AT) {
              await until(() => storage.received - receivedBefore >= PAUSE_AT - CHUNK, 10_000, 'storage receives what was sent');
              retainedMidway = (await retained()) - retainedBefore;
            }
          }
          request.end(tail);
        })().catch((error) => {
          request.destroy();
          reject(error);
        });
      });
      const { status, body } = await answer;
      clearInterval(sampler);
      expect(status, body).toBe(200);
      expect(storage.bodies.at(-1)).toBe('stream');

      const { Path, Size } = JSON.parse(body);
      expect(Size).toBe(DOCUMENT_MAX_BYTES);
      const stored = await storage.read(Path.replace('/files/', ''));
      const kept = createHash('sha256');
      for await (const chunk of stored?.stream ?? []) kept.update(chunk);
      expect(kept.digest('hex')).toBe(sent.digest('hex'));

      const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
      console.info(
        `a ${mb(DOCUMENT_MAX_BYTES)} document: ${mb(retainedMidway)} more held after ${mb(PAUSE_AT)}, peak RSS ${mb(rssPeak - rssBefore)} over its start`,
      );
      // 8 MB of the document have passed through this process: what it still holds is far less
      expect(retainedMidway).toBeLessThan(3_000_000);
    });
  });
});

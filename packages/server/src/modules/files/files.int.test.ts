import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PHOTO_MAX_BYTES, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { facePhoto, jpegOfSize, nextIin, tinyPng } from '../../test/factories.js';
import { FORBIDDEN, SIGN_IN_FIRST } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';

const PHOTO_PATH = /^\/files\/photos\/[0-9a-f]{32}\.(jpg|png)$/;
const NO_ROUTE = { status: false, message: 'Такого адреса API нет' };

describe('photos (files module)', () => {
  let t: TestApp;
  let adminToken: string;
  const person = { id: 0, iin: nextIin(), password: 'Photo2026' };
  const jpeg = facePhoto('jesper.jpg');
  const png = tinyPng();

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/new',
      headers: bearer(adminToken),
      payload: { IIN: person.iin, Password: person.password, Fullname: 'Фотов Фото Фотович' },
    });
    person.id = created.json().user.ID;
  });
  afterAll(() => t.close());

  const upload = (parts: MultipartPart[], token = adminToken, headers: Record<string, string> = {}) =>
    postMultipart(t.app, '/uploadI', parts, token, headers);
  const photoOf = (data: Buffer, filename: string, contentType = 'image/jpeg') => filePart(data, filename, contentType);
  const userId = (id: number | string = person.id): MultipartPart => ({ name: 'UserID', value: String(id) });
  const getUser = async (id = person.id) =>
    (await t.app.inject({ method: 'GET', url: `/api/user/getuser/${id}`, headers: bearer(adminToken) })).json().data;
  const deletePhoto = (id: number | string, token = adminToken) =>
    t.app.inject({ method: 'DELETE', url: `/delete/image/id:${id}`, headers: bearer(token) });
  const storedFiles = async () => {
    const dir = path.join(t.config.DATA_DIR, 'files', 'photos');
    return (await fs.readdir(dir).catch(() => [])).sort();
  };

  let jpegPhoto: { ID: number; Path: string; Name: string };

  it('accepts a JPEG with UserID before the file and shows it on the person', async () => {
    const response = await upload([userId(), photoOf(jpeg, 'jesper.jpg')]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: true,
      message: 'Фотография загружена',
      data: { ID: expect.any(Number), Path: expect.stringMatching(PHOTO_PATH), Name: 'jesper.jpg' },
    });
    expect(body.data.Path.endsWith('.jpg')).toBe(true);
    jpegPhoto = body.data;

    expect(await getUser()).toMatchObject({ Photos: [jpegPhoto], Image: [jpegPhoto.Path], PhotoStatus: true });
  });

  it('answers the photo in the sign-in answer and in /me', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { iin: person.iin, password: person.password },
      remoteAddress: '10.30.0.1',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.Image).toEqual([jpegPhoto.Path]);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(signIn.json().user.Token) });
    expect(me.json().user.Image).toEqual([jpegPhoto.Path]);
  });

  it('serves the stored photo at its Path: same bytes, its type, nosniff, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: jpegPhoto.Path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(Number(response.headers['content-length'])).toBe(jpeg.length);
    expect(response.rawPayload.equals(jpeg)).toBe(true);
  });

  it('lets only the viewer’s browser keep a person’s photo, for 5 minutes; other files are kept for a year', async () => {
    const photo = await t.app.inject({ method: 'GET', url: jpegPhoto.Path });
    expect(photo.headers['cache-control']).toBe('private, max-age=300');

    const questionImage = 'questions/0123456789abcdef0123456789abcdef.png';
    await fs.mkdir(path.join(t.config.DATA_DIR, 'files', 'questions'), { recursive: true });
    await fs.writeFile(path.join(t.config.DATA_DIR, 'files', questionImage), png);
    const other = await t.app.inject({ method: 'GET', url: `/files/${questionImage}` });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('accepts a PNG with UserID after the file, judged by content even when named .jpg', async () => {
    const response = await upload([photoOf(png, 'looks-like.jpg', 'image/jpeg'), userId()]);
    expect(response.statusCode).toBe(200);
    const photo = response.json().data;
    expect(photo).toEqual({ ID: expect.any(Number), Path: expect.stringMatching(PHOTO_PATH), Name: 'looks-like.jpg' });
    expect(photo.Path.endsWith('.png')).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: photo.Path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);

    expect((await getUser()).Image).toEqual([jpegPhoto.Path, photo.Path]);
    expect((await deletePhoto(photo.ID)).statusCode).toBe(200);
  });

  it('refuses a text file named photo.jpg with 415', async () => {
    const response = await upload([userId(), photoOf(Buffer.from('Hello, I am not a picture at all.\n'), 'photo.jpg')]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ status: false, message: 'Допустимы только изображения JPEG и PNG' });
    const english = await upload(
      [userId(), photoOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'photo.svg', 'image/svg+xml')],
      adminToken,
      {
        'accept-language': 'en',
      },
    );
    expect(english.statusCode).toBe(415);
    expect(english.json()).toEqual({ status: false, message: 'Only JPEG and PNG images are allowed' });
  });

  it('accepts exactly 1,000,000 bytes and refuses one byte more with 413', async () => {
    const fits = await upload([userId(), photoOf(jpegOfSize(PHOTO_MAX_BYTES), 'big.jpg')]);
    expect(fits.statusCode).toBe(200);
    expect((await deletePhoto(fits.json().data.ID)).statusCode).toBe(200);

    const tooBig = await upload([userId(), photoOf(jpegOfSize(PHOTO_MAX_BYTES + 1), 'bigger.jpg')]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ status: false, message: 'Файл не должен превышать 1 Мегабайта' });
  });

  it('refuses an upload without UserID, or with a bad one, with 400', async () => {
    const missing = await upload([photoOf(jpeg, 'jesper.jpg')]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: false, message: 'Укажите, к чему относится фотография (UserID)' });
    const bad = await upload([userId('abc'), photoOf(jpeg, 'jesper.jpg')]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(missing.json());
  });

  it('refuses an upload without a file with 400', async () => {
    const response = await upload([userId()]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: 'Выберите файл фотографии' });
  });

  it('refuses a photo of an unknown person with 404', async () => {
    const response = await upload([userId(999999), photoOf(jpeg, 'jesper.jpg')]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: 'Пользователь не найден' });
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/uploadI',
      headers: bearer(adminToken),
      payload: { UserID: person.id, file: 'x' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ status: false, message: 'Неподдерживаемый тип данных' });
  });

  it('keeps nothing on disk from refused uploads', async () => {
    const rows = await t.db.selectFrom('user_photos').select('storage_key').execute();
    expect(rows.map((r) => r.storage_key.replace('photos/', '')).sort()).toEqual(await storedFiles());
    expect((await getUser()).Photos).toEqual([jpegPhoto]);
  });

  it('answers 404 for a file that is not there', async () => {
    for (const url of ['/files/photos/0123456789abcdef0123456789abcdef.jpg', '/files/photos/..%2F..%2Fdb%2Fx.jpg', '/files/whatever']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(NO_ROUTE);
    }
  });

  it("serves only uploaded files: a report, a signed document or the demo's key stored beside them answers 404", async () => {
    for (const key of [
      'reports/0123456789abcdef0123456789abcdef.xlsx',
      'signatures/0123456789abcdef0123456789abcdef.p7s',
      'demo/0123456789abcdef0123456789abcdef.p12',
    ]) {
      await t.storage.put(key, Buffer.from('not for everyone'));
      const response = await t.app.inject({ method: 'GET', url: `/files/${key}` });
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toEqual(NO_ROUTE);
    }
    expect((await t.app.inject({ method: 'GET', url: jpegPhoto.Path })).statusCode).toBe(200);
  });

  it('lets only admins upload and delete photos', async () => {
    for (const role of [Role.Examiner, Role.Trainee, Role.Teacher, Role.Region]) {
      const token = await t.tokenOf(role);
      const up = await upload([userId(), photoOf(jpeg, 'jesper.jpg')], token);
      expect(up.statusCode).toBe(403);
      expect(up.json()).toEqual(FORBIDDEN);
      const del = await deletePhoto(jpegPhoto.ID, token);
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual(FORBIDDEN);
    }
    const anonymousUpload = await postMultipart(t.app, '/uploadI', [userId(), photoOf(jpeg, 'jesper.jpg')]);
    expect(anonymousUpload.statusCode).toBe(401);
    expect(anonymousUpload.json()).toEqual(SIGN_IN_FIRST);
    const anonymousDelete = await t.app.inject({ method: 'DELETE', url: `/delete/image/id:${jpegPhoto.ID}` });
    expect(anonymousDelete.statusCode).toBe(401);
    expect(anonymousDelete.json()).toEqual(SIGN_IN_FIRST);
    expect((await getUser()).Photos).toEqual([jpegPhoto]);
  });

  it('deletes a photo: it leaves the person and its Path answers 404', async () => {
    const response = await deletePhoto(jpegPhoto.ID);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Фотография удалена' });
    expect(await getUser()).toMatchObject({ Photos: [], Image: [], PhotoStatus: false });
    const served = await t.app.inject({ method: 'GET', url: jpegPhoto.Path });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual(NO_ROUTE);
    expect(await storedFiles()).toEqual([]);

    const again = await deletePhoto(jpegPhoto.ID);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: false, message: 'Фотография не найдена' });
    expect((await deletePhoto(999999)).statusCode).toBe(404);
    expect((await deletePhoto('abc')).statusCode).toBe(400);
  });

  it('removes the files of a person who is deleted', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/new',
      headers: bearer(adminToken),
      payload: { IIN: nextIin(), Password: 'Photo2026', Fullname: 'Уходов Фото' },
    });
    const id = created.json().user.ID;
    const photo = (await upload([userId(id), photoOf(facePhoto('anne_helene.jpg'), 'anne.jpg')])).json().data;
    expect((await t.app.inject({ method: 'GET', url: photo.Path })).statusCode).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/deleteuser/${id}`, headers: bearer(adminToken) });
    expect(removed.json()).toEqual({ status: true, message: 'Пользователь удалён', archived: false });
    expect((await t.app.inject({ method: 'GET', url: photo.Path })).statusCode).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('document uploads (/uploadF): the caller is judged before the file is read', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const stored = async () => {
    const root = path.join(t.config.DATA_DIR, 'files');
    const dirs = await fs.readdir(root).catch(() => []);
    return (await Promise.all(dirs.map((dir) => fs.readdir(path.join(root, dir))))).flat();
  };

  /**
   * Starts an upload of a 9,000,000-byte file over a real socket but sends only the fields and the
   * file's first 64 KB, then waits (at most 5 s) for an answer: one that comes was given without
   * the rest of the body, which is never sent.
   */
  function partialUpload(token: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
    const boundary = 'oqu-partial-upload';
    const head = [
      ...Object.entries(fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    ].join('');
    const tail = `\r\n--${boundary}--\r\n`;
    const fileBytes = 9_000_000;
    return new Promise((resolve, reject) => {
      const request = http.request(`${base}/uploadF`, {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': Buffer.byteLength(head) + fileBytes + Buffer.byteLength(tail),
        },
      });
      const timer = setTimeout(() => {
        request.destroy();
        resolve({ status: 0, body: 'no answer while the body was incomplete' });
      }, 5000);
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          clearTimeout(timer);
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.write(head);
      request.write(Buffer.alloc(64 * 1024, 0x20));
    });
  }

  it('refuses a caller who may not upload to the target they name before reading the file', async () => {
    for (const [role, fields] of [
      [Role.Teacher, {}],
      [Role.Trainee, {}],
      [Role.Trainee, { WebID: '1' }],
      [Role.Examiner, { WebID: '1' }],
      [Role.Region, { WebID: '1', Types: 'preview' }],
      [Role.Admin, { AnswerID: '1' }],
    ] as const) {
      const answer = await partialUpload(await t.tokenOf(role), fields);
      expect(answer.status, `role ${role} with ${JSON.stringify(fields)}`).toBe(403);
      expect(JSON.parse(answer.body)).toEqual(FORBIDDEN);
    }
    expect(await stored()).toEqual([]);
  });

  it('takes the target from the fields before the file: one named after it is refused with 400', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const admin = await t.tokenOf(Role.Admin);
    const late = await postMultipart(
      t.app,
      '/uploadF',
      [filePart(pdf, 'doc.pdf', 'application/pdf'), { name: 'WebID', value: '1' }],
      admin,
      {
        'accept-language': 'en',
      },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ status: false, message: 'The form fields (WebID, AnswerID, Types, ScormID) must come before the file' });
    // a trainee's file sent before its AnswerID is judged as a certificate template, which they may not upload
    const trainee = await postMultipart(
      t.app,
      '/uploadF',
      [filePart(pdf, 'doc.pdf', 'application/pdf'), { name: 'AnswerID', value: '1' }],
      await t.tokenOf(Role.Trainee),
    );
    expect(trainee.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });
});

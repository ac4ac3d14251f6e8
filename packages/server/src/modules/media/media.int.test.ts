import { readFileSync } from 'node:fs';
import { PAGE_SIZE, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { auditOf, expectRefused, NOT_ADMIN } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';
import { startS3, type TestS3 } from '../../test/s3.js';

const fixture = (name: string) => readFileSync(new URL(`../../../../../fixtures/media/${name}`, import.meta.url));
const MP4 = fixture('pattern.mp4');
const VR_MP4 = fixture('equirect-360.mp4');
const PDF = fixture('handout.pdf');

const fields = (Name: string | undefined, VR?: string): MultipartPart[] => [
  ...(Name === undefined ? [] : [{ name: 'Name', value: Name }]),
  ...(VR === undefined ? [] : [{ name: 'VR', value: VR }]),
];

async function upload(t: TestApp, parts: MultipartPart[], role: number = Role.Admin) {
  return postMultipart(t.app, '/api/media/new', parts, await t.tokenOf(role));
}

async function uploaded(t: TestApp, name: string, data: Buffer, filename: string, vr = false) {
  const response = await upload(t, [...fields(name, String(vr)), filePart(data, filename)]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.ID as number;
}

const storedKeys = (t: TestApp) => t.db.selectFrom('media_files').select('storage_key').execute();

/** The keys kept under `media/`. */
async function mediaKeys(t: TestApp) {
  const keys: string[] = [];
  for await (const { key } of t.storage.list('media/')) keys.push(key);
  return keys.sort();
}

describe.each(['disk', 's3'] as const)('the media library (%s storage)', (store) => {
  let t: TestApp;
  let s3: TestS3 | undefined;

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3();
    t = await createTestApp({ ...s3?.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('uploads a video, lists it in the spec’s shape, serves it by Path in ranges, and deletes it with its file', async () => {
    const response = await upload(t, [...fields('Вводный ролик', 'false'), filePart(MP4, 'intro.mp4', 'video/mp4')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Медиафайл загружен', data: { ID: expect.any(Number) } });
    const id = response.json().data.ID;

    const trainee = await t.app.inject({ method: 'GET', url: '/get/media?id=1', headers: bearer(await t.tokenOf(Role.Trainee)) });
    expect(trainee.statusCode).toBe(200);
    expect(trainee.headers['content-type']).toMatch(/application\/json/);
    const page = trainee.json();
    expect(page).toEqual({ status: true, message: '', data: expect.any(Array), pages: 1, total: 1 });
    const item = page.data[0];
    expect(Object.keys(item).sort()).toEqual(['CreatedAt', 'ID', 'Name', 'Path', 'Size', 'Type', 'VR']);
    expect(item).toMatchObject({ ID: id, Name: 'Вводный ролик', Size: MP4.length, VR: false, Type: 'video/mp4' });
    expect(item.Path).toMatch(/^\/files\/media\/[0-9a-f]{32}\.mp4$/);
    expect(new Date(item.CreatedAt).toISOString()).toBe(item.CreatedAt);

    const whole = await t.app.inject({ method: 'GET', url: item.Path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(MP4)).toBe(true);
    const middle = await t.app.inject({ method: 'GET', url: item.Path, headers: { range: 'bytes=4000-4099' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 4000-4099/${MP4.length}`);
    expect(middle.rawPayload.equals(MP4.subarray(4000, 4100))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: item.Path, headers: { range: `bytes=${MP4.length}-` } });
    expect(past.statusCode).toBe(416);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/delete/id:${id}`,
      headers: bearer(await t.tokenOf(Role.Admin)),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: true, message: 'Медиафайл удалён', archived: false });
    expect(await t.storage.size(item.Path.slice('/files/'.length))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: item.Path })).statusCode).toBe(404);
    expect((await auditOf(t, id, 'media.')).map((entry) => entry.action)).toEqual(['media.create', 'media.delete']);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/media/delete/id:${id}`, headers: bearer(await t.tokenOf(Role.Admin)) });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a file past MEDIA_MAX_BYTES while it streams and keeps nothing', async () => {
    const small = await createTestApp({ ...s3?.env, MEDIA_MAX_BYTES: '5000' });
    try {
      const response = await upload(small, [...fields('Большой'), filePart(MP4, 'big.mp4')]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: false, message: 'Файл не должен превышать 0.005 МБ' });
      expect(await storedKeys(small)).toEqual([]);
      expect(await mediaKeys(small)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('the media library: rules and roles', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await t.tokenOf(Role.Admin));
  });
  afterAll(() => t?.close());

  it('lets only administrators upload, list, edit and delete; anyone but the region account reads /get/media', async () => {
    const id = await uploaded(t, 'Памятка', PDF, 'handout.pdf');
    await expectRefused(t, NOT_ADMIN, [
      ['GET', '/api/media/get?page=1'],
      ['GET', `/api/media/get/id:${id}`],
      ['PUT', `/api/media/update/id:${id}`, { Name: 'x', VR: false }],
      ['DELETE', `/api/media/delete/id:${id}`],
    ]);
    for (const role of NOT_ADMIN) {
      const response = await upload(t, [...fields('Чужой'), filePart(PDF, 'x.pdf')], role);
      expect(response.statusCode, `upload as ${role}`).toBe(403);
    }
    expect((await postMultipart(t.app, '/api/media/new', [...fields('x'), filePart(PDF, 'x.pdf')])).statusCode).toBe(401);
    for (const role of [Role.Admin, Role.Examiner, Role.Trainee, Role.Teacher]) {
      const response = await t.app.inject({ method: 'GET', url: '/get/media?id=1', headers: bearer(await t.tokenOf(role)) });
      expect(response.statusCode, `read as ${role}`).toBe(200);
    }
    const region = await t.app.inject({ method: 'GET', url: '/get/media?id=1', headers: bearer(await t.tokenOf(Role.Region)) });
    expect(region.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/get/media?id=1' })).statusCode).toBe(401);
  });

  it('answers the admin list and one file, and saves a rename and the VR mark of a video', async () => {
    const id = await uploaded(t, 'Панорама', VR_MP4, 'panorama.mp4');
    const one = await t.app.inject({ method: 'GET', url: `/api/media/get/id:${id}`, headers: admin });
    expect(one.json().data).toMatchObject({ ID: id, Name: 'Панорама', FileName: 'panorama.mp4', VR: false, Type: 'video/mp4' });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/media/update/id:${id}`,
      headers: admin,
      payload: { Name: 'Панорама цеха', VR: true },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toEqual({ status: true, message: 'Изменения медиафайла сохранены' });
    const list = await t.app.inject({ method: 'GET', url: '/api/media/get?page=1', headers: admin });
    expect(list.json()).toMatchObject({ status: true, pages: 1 });
    expect(list.json().data.find((file: { ID: number }) => file.ID === id)).toMatchObject({
      Name: 'Панорама цеха',
      VR: true,
      FileName: 'panorama.mp4',
    });
    const vr = await t.app.inject({ method: 'GET', url: '/get/media?id=1&vr=true', headers: bearer(await t.tokenOf(Role.Trainee)) });
    expect(vr.json().data.map((file: { ID: number }) => file.ID)).toEqual([id]);
    const missing = await t.app.inject({ method: 'PUT', url: '/api/media/update/id:999999', headers: admin, payload: { Name: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Медиафайл не найден');
  });

  it('marks only videos VR 360°, on upload and on edit, keeping nothing of a refused upload', async () => {
    const before = await mediaKeys(t);
    const refused = await upload(t, [...fields('PDF в VR', 'true'), filePart(PDF, 'a.pdf')]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Отметка «VR 360°» возможна только для видео');
    expect(await mediaKeys(t)).toEqual(before);
    const id = await uploaded(t, 'Документ', PDF, 'doc.pdf');
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/media/update/id:${id}`,
      headers: admin,
      payload: { Name: 'Документ', VR: true },
    });
    expect(update.statusCode).toBe(422);
  });

  it('refuses a wrong type (415), a missing name (400, file unread), no file (400) and a form that is not multipart (415)', async () => {
    const before = await mediaKeys(t);
    const text = await upload(t, [...fields('Текст'), filePart(Buffer.from('just some text, not a media file'), 'notes.mp4')]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/^Допустимы видео/);
    const zip = await upload(t, [...fields('Архив'), filePart(Buffer.from('504b030414000000080000000000', 'hex'), 'a.zip')]);
    expect(zip.statusCode).toBe(415);
    const nameless = await upload(t, [filePart(MP4, 'a.mp4')]);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe('Укажите название медиафайла перед файлом');
    const blank = await upload(t, [...fields('   '), filePart(MP4, 'a.mp4')]);
    expect(blank.statusCode).toBe(400);
    const badFlag = await upload(t, [...fields('Флаг', 'maybe'), filePart(MP4, 'a.mp4')]);
    expect(badFlag.statusCode).toBe(400);
    const fileless = await upload(t, fields('Без файла'));
    expect(fileless.statusCode).toBe(400);
    expect(fileless.json().message).toBe('Выберите файл');
    const json = await t.app.inject({ method: 'POST', url: '/api/media/new', headers: admin, payload: { Name: 'x' } });
    expect(json.statusCode).toBe(415);
    const english = await postMultipart(t.app, '/api/media/new', [filePart(MP4, 'a.mp4')], await t.tokenOf(Role.Admin), {
      'accept-language': 'en',
    });
    expect(english.json().message).toBe('Give the media file a name before the file');
    expect(await mediaKeys(t)).toEqual(before);
  });

  it('takes a file past the document limit (the multipart limit is the media one) and audio and office types', async () => {
    // an MP4 with padding after its boxes is still an MP4 by content
    const big = Buffer.concat([MP4, Buffer.alloc(11_000_000)]);
    const id = await uploaded(t, 'Длинный ролик', big, 'long.mp4');
    const row = await t.db.selectFrom('media_files').select(['size', 'storage_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.size)).toBe(big.length);
    expect(await t.storage.size(row.storage_key)).toBe(big.length);
    const wav = Buffer.alloc(1044);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(1036, 4);
    wav.write('WAVEfmt ', 8);
    const audio = await uploaded(t, 'Звук', wav, 'tone.wav');
    const audioRow = await t.db.selectFrom('media_files').select('mime').where('id', '=', audio).executeTakeFirstOrThrow();
    expect(audioRow.mime).toBe('audio/wav');
  });

  it('pages /get/media by `id`, newest first, with `pages`', async () => {
    const fresh = await createTestApp();
    try {
      const ids: number[] = [];
      for (let index = 0; index < PAGE_SIZE + 3; index++) ids.push(await uploaded(fresh, `Файл ${index + 1}`, PDF, `f${index}.pdf`));
      const token = bearer(await fresh.tokenOf(Role.Trainee));
      const first = (await fresh.app.inject({ method: 'GET', url: '/get/media?id=1', headers: token })).json();
      const second = (await fresh.app.inject({ method: 'GET', url: '/get/media?id=2', headers: token })).json();
      expect(first.pages).toBe(2);
      expect(first.total).toBe(PAGE_SIZE + 3);
      expect(first.data).toHaveLength(PAGE_SIZE);
      expect(second.data).toHaveLength(3);
      expect([...first.data, ...second.data].map((file: { ID: number }) => file.ID)).toEqual([...ids].reverse());
      const past = (await fresh.app.inject({ method: 'GET', url: '/get/media?id=9', headers: token })).json();
      expect(past).toMatchObject({ data: [], pages: 2, total: PAGE_SIZE + 3 });
      const withoutPage = (await fresh.app.inject({ method: 'GET', url: '/get/media', headers: token })).json();
      expect(withoutPage.data).toHaveLength(PAGE_SIZE);
      const bad = await fresh.app.inject({ method: 'GET', url: '/get/media?id=abc', headers: token });
      expect(bad.statusCode).toBe(400);
      const adminPage = (
        await fresh.app.inject({ method: 'GET', url: '/api/media/get?page=2', headers: bearer(await fresh.tokenOf(Role.Admin)) })
      ).json();
      expect(adminPage).toMatchObject({ status: true, pages: 2, total: PAGE_SIZE + 3 });
      expect(adminPage.data).toHaveLength(3);
    } finally {
      await fresh.close();
    }
  });
});

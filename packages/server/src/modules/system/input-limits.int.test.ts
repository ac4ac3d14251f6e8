import { INT4_MAX, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { filePart, multipart } from '../../test/multipart.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f85f0f0003050201a5d4c9b40000000049454e44ae426082',
  'hex',
);

/** Input PostgreSQL cannot take (ids past int4, NUL, lone surrogates, year 0 or 10000, broken multipart) is a 400, never a 500. */
describe('input limits', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const TOO_BIG = String(INT4_MAX + 1);

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await t.tokenOf(Role.Admin));
  });
  afterAll(() => t.close());

  async function expectBadRequest(request: InjectOptions) {
    const response = await t.app.inject(request);
    const label = `${request.method} ${request.url} ${JSON.stringify(request.payload)?.slice(0, 80)}`;
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(400);
    expect(response.json(), label).toMatchObject({ status: false, message: expect.stringMatching(/\S/) });
    return response;
  }

  it('refuses ids above 2,147,483,647 in paths, bodies and query strings', async () => {
    await expectBadRequest({ method: 'GET', url: `/api/user/getuser/${TOO_BIG}`, headers: admin });
    await expectBadRequest({ method: 'DELETE', url: `/delete/image/id:${TOO_BIG}`, headers: admin });
    await expectBadRequest({ method: 'GET', url: `/api/questions/test:${TOO_BIG}`, headers: admin });
    await expectBadRequest({ method: 'GET', url: `/api/subject/gettopics?plan=${TOO_BIG}`, headers: admin });
    await expectBadRequest({ method: 'GET', url: `/api/subject/getplans?page=${TOO_BIG}`, headers: admin });
    await expectBadRequest({ method: 'GET', url: `/api/chat/get?web=1&id=${TOO_BIG}`, headers: admin });
    await expectBadRequest({ method: 'POST', url: '/api/test/starttest', payload: { TestID: INT4_MAX + 1 }, headers: admin });
    await expectBadRequest({
      method: 'PUT',
      url: '/api/user/adminchangepass',
      payload: { UserID: 2 ** 53, Newpassword: 'secret12' },
      headers: admin,
    });
    // the largest int4 is an id like any other: nobody has it
    const largest = await t.app.inject({ method: 'GET', url: `/api/user/getuser/${INT4_MAX}`, headers: admin });
    expect(largest.statusCode).toBe(404);
  });

  it('refuses ids above int4 in multipart fields', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f85f0f0003050201a5d4c9b40000000049454e44ae426082',
      'hex',
    );
    for (const field of ['UserID', 'QuestionID']) {
      const body = multipart([{ name: field, value: TOO_BIG }, filePart(png, 'a.png', 'image/png')]);
      await expectBadRequest({ method: 'POST', url: '/uploadI', payload: body.payload, headers: { ...body.headers, ...admin } });
    }
    const webinarDoc = multipart([{ name: 'WebID', value: TOO_BIG }, filePart(png, 'a.png', 'image/png')]);
    await expectBadRequest({ method: 'POST', url: '/uploadF', payload: webinarDoc.payload, headers: { ...webinarDoc.headers, ...admin } });
  });

  it('stores a file whose name holds a NUL byte under its name without it', async () => {
    const body = multipart([filePart(PNG, 'a\u0000b.png', 'image/png')]);
    const response = await t.app.inject({ method: 'POST', url: '/uploadF', payload: body.payload, headers: { ...body.headers, ...admin } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Name).toBe('ab.png');
  });

  it('refuses NUL bytes in the IIN at sign-in and in a search, without a token too', async () => {
    await expectBadRequest({ method: 'POST', url: '/api/user/login', payload: { iin: '850101300005\u0000', password: 'x' } });
    await expectBadRequest({ method: 'POST', url: '/api/user/login', payload: { iin: 'admin', password: 'pass\u0000word' } });
    await expectBadRequest({ method: 'GET', url: '/api/user/getusers?search=%00', headers: admin });
    await expectBadRequest({ method: 'GET', url: '/api/subject/getplans?search=a%00b', headers: admin });
    await expectBadRequest({ method: 'POST', url: '/api/subject/newplan', payload: { Name: 'План\u0000' }, headers: admin });
  });

  it('refuses lone UTF-16 surrogates in any text', async () => {
    await expectBadRequest({ method: 'POST', url: '/api/user/login', payload: { iin: '\ud800', password: 'x' } });
    await expectBadRequest({ method: 'POST', url: '/api/subject/newplan', payload: { Name: 'a\udc00b' }, headers: admin });
    // sent as JSON escapes, as a hostile client would
    await expectBadRequest({
      method: 'POST',
      url: '/api/subject/newplan',
      payload: '{"Name":"plan \\ud83d"}',
      headers: { ...admin, 'content-type': 'application/json' },
    });
    // in a path, as the bytes a careless client percent-encodes: refused by the router, in the same shape
    const path = await expectBadRequest({
      method: 'GET',
      url: '/api/user/getuser/%ED%A0%80',
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(path.json()).toEqual({ status: false, message: 'Bad request' });
    // a whole pair is a character like any other
    const emoji = await t.app.inject({ method: 'POST', url: '/api/subject/newplan', payload: { Name: 'План 🚀' }, headers: admin });
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses years 0 and 10000 in dates', async () => {
    const user = await t.idOf(Role.Trainee);
    for (const date of ['0000-01-01T10:00+06:00', '10000-01-01T10:00+06:00', '0000-12-31T23:59:59Z']) {
      await expectBadRequest({ method: 'POST', url: '/api/retake/new', payload: { UserID: user, TestID: 1, Date: date }, headers: admin });
      await expectBadRequest({
        method: 'POST',
        url: '/api/web/new',
        payload: { Name: 'w', BeginTime: date, PlanID: 1, TopicID: 1, TeacherID: 1 },
        headers: admin,
      });
      await expectBadRequest({
        method: 'POST',
        url: '/api/subject/newtopic',
        payload: { PlanID: 1, Name: 't', TypeID: 9, EduType: 11, Date: date },
        headers: admin,
      });
    }
  });

  it('refuses an empty plan update instead of writing nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subject/newplan',
      payload: { Name: 'Пустое изменение' },
      headers: admin,
    });
    const id = created.json().data.ID;
    for (const payload of [{}, { Unknown: 1 }]) {
      const response = await expectBadRequest({ method: 'PUT', url: `/api/subject/updateplan/${id}`, payload, headers: admin });
      expect(response.json().message).toMatch(/Нет полей для изменения/);
    }
    const plan = await t.app.inject({ method: 'GET', url: `/api/subject/getplan/${id}`, headers: admin });
    expect(plan.json().data.Name).toBe('Пустое изменение');
  });

  describe('malformed multipart', () => {
    const head = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    const cases: [string, string, string | Buffer][] = [
      ['no boundary', 'multipart/form-data', `--x\r\n${head}abc\r\n--x--\r\n`],
      ['a boundary that never closes', 'multipart/form-data; boundary=x', `--x\r\n${head}${'a'.repeat(5000)}`],
      ['a truncated body', 'multipart/form-data; boundary=x', `--x\r\n${head.slice(0, 30)}`],
      ['a body without any part', 'multipart/form-data; boundary=x', 'garbage'],
      ['a broken part header', 'multipart/form-data; boundary=x', `--x\r\n${'H'.repeat(100_000)}\r\n\r\nabc\r\n--x--\r\n`],
    ];
    for (const [name, contentType, payload] of cases) {
      it(`answers 400 to ${name}`, async () => {
        for (const url of ['/uploadI', '/uploadF', '/api/question/import']) {
          await expectBadRequest({ method: 'POST', url, payload, headers: { ...admin, 'content-type': contentType } });
        }
      });
    }

    it('answers 415 to a body of another type', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/uploadF',
        payload: 'abc',
        headers: { ...admin, 'content-type': 'multipart/mixed; boundary=x' },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ status: false, message: expect.stringMatching(/\S/) });
    });
  });
});

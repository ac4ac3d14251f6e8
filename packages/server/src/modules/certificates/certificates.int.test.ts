import fs from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES, PAGE_SIZE, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { facePhoto, tinyPng } from '../../test/factories.js';
import { auditOf, expectRefused, FORBIDDEN, NOT_ADMIN, SIGN_IN_FIRST } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';
import { deflatedZeros, entriesOf, zipOf } from '../../test/zip.js';

const NO_ROUTE = { status: false, message: 'Такого адреса API нет' };
const NOT_FOUND = { status: false, message: 'Сертификат не найден' };
const UNKNOWN_FILE = { status: false, message: 'Файл сертификата не найден: сначала загрузите файл, затем сохраните сертификат' };
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const CERTIFICATE_PATH = /^\/files\/certificates\/[0-9a-f]{32}\.(pdf|docx|jpg|png)$/;

/** A small but well-formed PDF document. */
function pdf(text = 'Сертификат'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A PDF padded after its end marker to exactly `size` bytes: still a PDF by content. */
function pdfOfSize(size: number): Buffer {
  const head = pdf();
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** A ZIP archive of stored (uncompressed) entries, as a DOCX may be. */
const zip = (entries: Record<string, string>) =>
  zipOf(Object.entries(entries).map(([name, text]) => ({ name, content: Buffer.from(text), stored: true })));

/** A minimal Word document. */
const docx = () =>
  zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${DOCX_TYPE}.main+xml"/></Types>`,
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Сертификат</w:t></w:r></w:p></w:body></w:document>',
  });

describe('certificates and their files', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    adminId = await t.idOf(Role.Admin);
  });
  afterAll(() => t.close());

  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(adminToken), ...headers } });
  const upload = (parts: MultipartPart[], token = adminToken, headers: Record<string, string> = {}) =>
    postMultipart(t.app, '/uploadF', parts, token, headers);
  /** Uploads a file and answers its Path. */
  const uploaded = async (data: Buffer = pdf(), filename = 'шаблон.pdf') => {
    const response = await upload([filePart(data, filename, 'application/pdf')]);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().Path as string;
  };
  const createCertificate = async (Name: string, Path: string, FileName = 'шаблон.pdf') => {
    const response = await asAdmin('POST', '/api/cer/new', { Name, FileName, Path });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.ID as number;
  };
  const stored = async () => (await fs.readdir(path.join(t.config.DATA_DIR, 'files', 'certificates')).catch(() => [])).sort();
  const served = (filePath: string) => t.app.inject({ method: 'GET', url: filePath });

  describe('POST /uploadF with a file alone', () => {
    it('stores a PDF under a generated name, records who uploaded it and answers Name, Path and Size', async () => {
      const document = pdf();
      const response = await upload([filePart(document, 'Сертификат о прохождении.pdf', 'application/pdf')]);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        status: true,
        message: 'Файл загружен',
        Name: 'Сертификат о прохождении.pdf',
        Path: expect.stringMatching(CERTIFICATE_PATH),
        Size: document.length,
      });
      expect(body.Path.endsWith('.pdf')).toBe(true);
      const row = await t.db
        .selectFrom('uploads')
        .selectAll()
        .where('storage_key', '=', body.Path.replace('/files/', ''))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Сертификат о прохождении.pdf',
        mime: 'application/pdf',
        size: document.length,
        uploaded_by: adminId,
      });
    });

    it('serves the PDF back as a download: same bytes, its type, attachment, nosniff', async () => {
      const document = pdf('served back');
      const filePath = await uploaded(document);
      const response = await served(filePath);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(response.headers['content-length'])).toBe(document.length);
      expect(response.rawPayload.equals(document)).toBe(true);
    });

    it('accepts a DOCX told by its content and serves it as a Word download', async () => {
      const document = docx();
      const response = await upload([filePart(document, 'template.bin')]);
      expect(response.statusCode, response.body).toBe(200);
      const filePath = response.json().Path;
      expect(filePath).toMatch(/\.docx$/);
      const back = await served(filePath);
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toBe(DOCX_TYPE);
      expect(back.headers['content-disposition']).toBe('attachment');
      expect(back.headers['x-content-type-options']).toBe('nosniff');
      expect(back.rawPayload.equals(document)).toBe(true);
    });

    it('refuses a DOCX whose part inflates past what it declares (a zip bomb) with 422 at once, keeping nothing', async () => {
      const entries = await entriesOf(docx());
      const bomb = zipOf(
        entries.map((entry) =>
          entry.name === 'word/document.xml' ? { ...entry, deflated: deflatedZeros(1024), declaredSize: 100 } : entry,
        ),
      );
      const before = await stored();
      const started = performance.now();
      const response = await upload([filePart(bomb, 'template.docx')], adminToken, { 'accept-language': 'en' });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: false,
        message: 'The DOCX file is damaged or too large once unpacked: save it again in Word',
      });
      expect(await stored()).toEqual(before);
    });

    it('accepts JPEG and PNG images, which open in place', async () => {
      const jpeg = facePhoto('jesper.jpg');
      for (const [data, name, type, ext] of [
        [jpeg, 'diploma.jpg', 'image/jpeg', 'jpg'],
        [tinyPng(), 'named-as.pdf', 'image/png', 'png'],
      ] as const) {
        const response = await upload([filePart(data, name)]);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ Name: name, Size: data.length });
        expect(response.json().Path.endsWith(`.${ext}`)).toBe(true);
        const back = await served(response.json().Path);
        expect(back.headers['content-type']).toBe(type);
        expect(back.headers['content-disposition']).toBe('inline');
        expect(back.rawPayload.equals(data)).toBe(true);
      }
    });

    it('uses only the first file of several', async () => {
      const first = pdf('first');
      const response = await upload([filePart(first, 'first.pdf'), filePart(docx(), 'second.docx'), filePart(tinyPng(), 'third.png')]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ Name: 'first.pdf', Size: first.length });
      expect((await served(response.json().Path)).rawPayload.equals(first)).toBe(true);
    });

    it('accepts exactly 10,000,000 bytes and refuses one byte more with 413, keeping nothing', async () => {
      const before = await stored();
      const fits = await upload([filePart(pdfOfSize(DOCUMENT_MAX_BYTES), 'big.pdf')]);
      expect(fits.statusCode).toBe(200);
      expect(fits.json().Size).toBe(DOCUMENT_MAX_BYTES);

      const afterFit = await stored();
      const tooBig = await upload([filePart(pdfOfSize(DOCUMENT_MAX_BYTES + 1), 'bigger.pdf')]);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({ status: false, message: 'Файл не должен превышать 10 Мегабайт' });
      const english = await upload([filePart(pdfOfSize(DOCUMENT_MAX_BYTES + 1), 'bigger.pdf')], adminToken, { 'accept-language': 'en' });
      expect(english.json()).toEqual({ status: false, message: 'The file must not exceed 10 megabytes' });
      expect(await stored()).toEqual(afterFit);
      expect(afterFit.length).toBe(before.length + 1);
    });

    it('refuses other types by content with 415, whatever the name says', async () => {
      const before = await stored();
      for (const [data, name] of [
        [Buffer.from('Это просто текст, а не документ.\n'), 'certificate.pdf'],
        [Buffer.from('<html><script>alert(1)</script></html>'), 'certificate.docx'],
        [zip({ 'readme.txt': 'not a document' }), 'certificate.docx'],
        [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'certificate.png'],
      ] as const) {
        const response = await upload([filePart(data, name)]);
        expect(response.statusCode, name).toBe(415);
        expect(response.json()).toEqual({ status: false, message: 'Допустимы только файлы PDF, DOCX, JPEG и PNG' });
      }
      const kazakh = await upload([filePart(Buffer.from('text'), 'a.pdf')], adminToken, { 'accept-language': 'kk' });
      expect(kazakh.json()).toEqual({ status: false, message: 'Тек PDF, DOCX, JPEG және PNG файлдары рұқсат етіледі' });
      expect(await stored()).toEqual(before);
    });

    it('refuses an upload without a file (400) and a body that is not multipart (415)', async () => {
      const missing = await upload([{ name: 'Name', value: 'Без файла' }]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ status: false, message: 'Выберите файл сертификата' });
      const empty = await upload([filePart(Buffer.alloc(0), 'empty.pdf')]);
      expect(empty.statusCode).toBe(400);
      const json = await asAdmin('POST', '/uploadF', { file: 'x' });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ status: false, message: 'Неподдерживаемый тип данных' });
    });

    it('takes a file with ScormID before it as a SCORM package, and refuses the field after the file', async () => {
      const before = await stored();
      const response = await upload([{ name: 'ScormID', value: '1' }, filePart(pdf(), 'doc.pdf')]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: false, message: 'SCORM-пакет должен быть ZIP-архивом' });
      const after = await upload([filePart(pdf(), 'doc.pdf'), { name: 'ScormID', value: '7' }], adminToken, { 'accept-language': 'en' });
      expect(after.statusCode).toBe(400);
      expect(after.json()).toEqual({
        status: false,
        message: 'The form fields (WebID, AnswerID, Types, ScormID) must come before the file',
      });
      expect(await stored()).toEqual(before);
    });

    it('lets only administrators upload certificate templates', async () => {
      const before = await stored();
      for (const role of [Role.Examiner, Role.Trainee, Role.Teacher, Role.Region]) {
        const response = await upload([filePart(pdf(), 'doc.pdf')], await t.tokenOf(role));
        expect(response.statusCode, `role ${role}`).toBe(403);
        expect(response.json()).toEqual(FORBIDDEN);
      }
      const anonymous = await postMultipart(t.app, '/uploadF', [filePart(pdf(), 'doc.pdf')]);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(SIGN_IN_FIRST);
      expect(await stored()).toEqual(before);
    });
  });

  describe('the certificate calls', () => {
    it('creates a certificate from an uploaded file and reads it back', async () => {
      const filePath = await uploaded(pdf('охрана труда'), 'ohrana.pdf');
      const created = await asAdmin('POST', '/api/cer/new', { Name: 'Охрана труда', FileName: 'ohrana.pdf', Path: filePath });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({ status: true, message: 'Сертификат создан', data: { ID: expect.any(Number) } });
      const id = created.json().data.ID;

      const one = await asAdmin('GET', `/api/cer/getcer/${id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual({
        status: true,
        message: '',
        data: { ID: id, Name: 'Охрана труда', FileName: 'ohrana.pdf', Path: filePath, Layout: null },
      });

      const listed = await asAdmin('GET', `/api/cer/getcers?search=${encodeURIComponent('охрана')}`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({
        status: true,
        message: '',
        data: [{ ID: id, Name: 'Охрана труда', FileName: 'ohrana.pdf', Path: filePath, Layout: null }],
        pages: 1,
        total: 1,
      });
      expect(await auditOf(t, id, 'certificate.')).toEqual([expect.objectContaining({ actor_id: adminId, action: 'certificate.create' })]);
    });

    it('accepts the Path as a bare storage key too', async () => {
      const filePath = await uploaded();
      const id = await createCertificate('Ключ без префикса', filePath.replace('/files/', ''));
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data.Path).toBe(filePath);
    });

    it('refuses a Path that POST /uploadF did not store with 422', async () => {
      const photo = await postMultipart(
        t.app,
        '/uploadI',
        [filePart(facePhoto('jesper.jpg'), 'p.jpg'), { name: 'UserID', value: String(adminId) }],
        adminToken,
      );
      expect(photo.statusCode).toBe(200);
      const before = await t.db.selectFrom('certificates').select('id').execute();
      for (const Path of [
        '/files/certificates/0123456789abcdef0123456789abcdef.pdf',
        photo.json().data.Path,
        '/files/../../db/secret.pdf',
        'https://example.com/certificate.pdf',
      ]) {
        const response = await asAdmin('POST', '/api/cer/new', { Name: 'Чужой файл', FileName: 'x.pdf', Path });
        expect(response.statusCode, Path).toBe(422);
        expect(response.json()).toEqual(UNKNOWN_FILE);
      }
      expect(await t.db.selectFrom('certificates').select('id').execute()).toEqual(before);
    });

    it('validates the fields with 400 and lists them', async () => {
      const response = await asAdmin('POST', '/api/cer/new', { Name: '  ', FileName: 'a.pdf' });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.status).toBe(false);
      expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['Name', 'Path']);
      expect(body.fields.find((f: { path: string }) => f.path === 'Path').message).toBe('Обязательное поле');
      expect((await asAdmin('GET', '/api/cer/getcer/abc')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/api/cer/getcers?page=0')).statusCode).toBe(400);
    });

    it('answers 404 for an unknown certificate on every call', async () => {
      const filePath = await uploaded();
      for (const [method, url, payload] of [
        ['GET', '/api/cer/getcer/999999', undefined],
        ['PUT', '/api/cer/updatecer/999999', { Name: 'Нет', FileName: 'a.pdf', Path: filePath }],
        ['DELETE', '/api/cer/deletecer/999999', undefined],
      ] as const) {
        const response = await asAdmin(method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it('renames a certificate and keeps its file when FileName and Path are left out or unchanged', async () => {
      const filePath = await uploaded(pdf('rename'), 'r.pdf');
      const id = await createCertificate('Старое имя', filePath, 'r.pdf');
      const renamed = await asAdmin('PUT', `/api/cer/updatecer/${id}`, { Name: 'Новое имя' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ status: true, message: 'Сертификат сохранён' });
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data).toEqual({
        ID: id,
        Name: 'Новое имя',
        FileName: 'r.pdf',
        Path: filePath,
        Layout: null,
      });

      const same = await asAdmin('PUT', `/api/cer/updatecer/${id}`, { Name: 'Новое имя 2', FileName: 'r2.pdf', Path: filePath });
      expect(same.statusCode).toBe(200);
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data).toEqual({
        ID: id,
        Name: 'Новое имя 2',
        FileName: 'r2.pdf',
        Path: filePath,
        Layout: null,
      });
      expect((await served(filePath)).statusCode).toBe(200);
    });

    it('replaces the file: the new one is served, the old one is removed', async () => {
      const oldPath = await uploaded(pdf('old'), 'old.pdf');
      const id = await createCertificate('Замена файла', oldPath, 'old.pdf');
      const newDocument = docx();
      const newUpload = await upload([filePart(newDocument, 'новый.docx')]);
      const newPath = newUpload.json().Path;

      const refused = await asAdmin('PUT', `/api/cer/updatecer/${id}`, {
        Name: 'Замена файла',
        FileName: 'x.pdf',
        Path: '/files/certificates/ffffffffffffffffffffffffffffffff.pdf',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual(UNKNOWN_FILE);
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data.Path).toBe(oldPath);

      const replaced = await asAdmin('PUT', `/api/cer/updatecer/${id}`, { Name: 'Замена файла', Path: newPath });
      expect(replaced.statusCode).toBe(200);
      // without FileName, the uploaded file's own name is taken
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data).toEqual({
        ID: id,
        Name: 'Замена файла',
        FileName: 'новый.docx',
        Path: newPath,
        Layout: null,
      });
      expect((await served(newPath)).rawPayload.equals(newDocument)).toBe(true);
      const old = await served(oldPath);
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual(NO_ROUTE);
      expect(await stored()).not.toContain(path.basename(oldPath));
      // the removed file can no longer be named
      const reuse = await asAdmin('POST', '/api/cer/new', { Name: 'Снова старый', FileName: 'old.pdf', Path: oldPath });
      expect(reuse.statusCode).toBe(422);
    });

    it('keeps a file another certificate still uses', async () => {
      const shared = await uploaded(pdf('shared'), 'shared.pdf');
      const first = await createCertificate('Общий файл 1', shared);
      const second = await createCertificate('Общий файл 2', shared);

      const replacement = await uploaded(pdf('replacement'), 'replacement.pdf');
      expect(
        (await asAdmin('PUT', `/api/cer/updatecer/${first}`, { Name: 'Общий файл 1', FileName: 'r.pdf', Path: replacement })).statusCode,
      ).toBe(200);
      expect((await served(shared)).statusCode).toBe(200);

      expect((await asAdmin('DELETE', `/api/cer/deletecer/${second}`)).statusCode).toBe(200);
      expect((await served(shared)).statusCode).toBe(404);
      expect((await served(replacement)).statusCode).toBe(200);
    });

    it('refuses to delete a certificate a plan uses (409, naming how many), then deletes it once free', async () => {
      const filePath = await uploaded(pdf('in use'), 'in-use.pdf');
      const id = await createCertificate('Используемый', filePath);
      const plans: number[] = [];
      for (const name of ['План с сертификатом 1', 'План с сертификатом 2']) {
        const created = await asAdmin('POST', '/api/subject/newplan', { Name: name, CertificateID: id });
        expect(created.statusCode, created.body).toBe(200);
        plans.push(created.json().data.ID);
      }

      const refused = await asAdmin('DELETE', `/api/cer/deletecer/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        status: false,
        message: 'Сертификат нельзя удалить: он указан в планах обучения (планов: 2). Сначала выберите для них другой сертификат',
      });
      const english = await asAdmin('DELETE', `/api/cer/deletecer/${id}`, undefined, { 'accept-language': 'en' });
      expect(english.json().message).toBe(
        'The certificate cannot be deleted: education plans use it (2). Choose another certificate for them first',
      );
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).statusCode).toBe(200);
      expect((await served(filePath)).statusCode).toBe(200);

      // the database itself refuses too
      await expect(t.db.deleteFrom('certificates').where('id', '=', id).execute()).rejects.toThrow();

      for (const plan of plans)
        expect((await asAdmin('PUT', `/api/subject/updateplan/${plan}`, { CertificateID: null })).statusCode).toBe(200);
      const deleted = await asAdmin('DELETE', `/api/cer/deletecer/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ status: true, message: 'Сертификат удалён', archived: false });
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).statusCode).toBe(404);
      expect((await served(filePath)).statusCode).toBe(404);
      expect((await auditOf(t, id, 'certificate.')).map((a) => a.action)).toEqual(['certificate.create', 'certificate.delete']);
    });

    it('pages the list by name, 20 a page, and tells the total past the last page', async () => {
      const filePath = await uploaded();
      const names = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => `Постраничный ${String(i).padStart(2, '0')}`);
      for (const name of [...names].reverse()) await createCertificate(name, filePath);
      const first = (await asAdmin('GET', `/api/cer/getcers?search=${encodeURIComponent('Постраничный')}`)).json();
      expect(first).toMatchObject({ pages: 2, total: PAGE_SIZE + 1 });
      expect(first.data.map((c: { Name: string }) => c.Name)).toEqual(names.slice(0, PAGE_SIZE));
      const second = (await asAdmin('GET', `/api/cer/getcers?page=2&search=${encodeURIComponent('постраничный')}`)).json();
      expect(second.data.map((c: { Name: string }) => c.Name)).toEqual(names.slice(PAGE_SIZE));
      const past = (await asAdmin('GET', `/api/cer/getcers?page=9&search=${encodeURIComponent('Постраничный')}`)).json();
      expect(past).toEqual({ status: true, message: '', data: [], pages: 2, total: PAGE_SIZE + 1 });
      const none = (await asAdmin('GET', `/api/cer/getcers?search=${encodeURIComponent('100%_нет')}`)).json();
      expect(none).toEqual({ status: true, message: '', data: [], pages: 1, total: 0 });
    });

    it('lets only administrators use the certificate calls', async () => {
      const filePath = await uploaded();
      const id = await createCertificate('Только для админа', filePath);
      await expectRefused(t, NOT_ADMIN, [
        ['GET', '/api/cer/getcers'],
        ['GET', `/api/cer/getcer/${id}`],
        ['POST', '/api/cer/new', { Name: 'Нет', FileName: 'a.pdf', Path: filePath }],
        ['PUT', `/api/cer/updatecer/${id}`, { Name: 'Нет', FileName: 'a.pdf', Path: filePath }],
        ['DELETE', `/api/cer/deletecer/${id}`],
      ]);
      expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data.Name).toBe('Только для админа');
    });
  });
});

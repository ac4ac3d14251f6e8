import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CERTIFICATE_LAYOUT, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan } from '../../test/catalogue.js';
import { insertExam } from '../../test/exams.js';
import { tinyPng } from '../../test/factories.js';
import { auditOf, expectRefused, NOT_ADMIN } from '../../test/http.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { pdfLibText } from '../../test/pdf-text.js';
import { insertPerson } from '../../test/rooms.js';
import { generateRsaKeys, makeTestTrust, signDetachedInNode, type TestTrust } from '../../test/signing-keys.js';
import { entriesOf, zipOf } from '../../test/zip.js';
import type { ReportCard } from '../exams/report-card.js';
import { VERIFY_CALLS_PER_MINUTE } from './issued-certificates.policy.js';

const PUBLIC_URL = 'https://oqu.example.kz';
const VALIDITY_MONTHS = 36;
const NOT_FOUND = { status: false, message: 'Сертификат не найден' };
const CODE = /^[a-z2-7]{26}$/;

/** A Word template whose placeholders Word split across runs, as it does after editing. */
const docxTemplate = () =>
  zipOf(
    [
      [
        '[Content_Types].xml',
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
      [
        'word/document.xml',
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
          '<w:p><w:r><w:t xml:space="preserve">Выдан {Full</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>name}</w:t></w:r></w:p>' +
          '<w:p><w:r><w:t>{Plan}; {Da</w:t></w:r><w:r><w:t>te}; № {Number}</w:t></w:r></w:p></w:body></w:document>',
      ],
    ].map(([name, text]) => ({ name, content: Buffer.from(text) })),
  );

/** The address the PDF's link annotation (over the QR code) opens. */
async function linkOf(pdf: Buffer): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const annotations = doc.getPage(0).node.Annots();
  const annotation = annotations ? doc.context.lookup(annotations.get(0), PDFDict) : undefined;
  const action = annotation?.lookup(PDFName.of('A'), PDFDict);
  return action?.lookup(PDFName.of('URI'), PDFString).decodeText() ?? '';
}

describe('issued certificates', () => {
  let t: TestApp;
  let trust: TestTrust;
  let keys: ReturnType<typeof generateRsaKeys>;
  let adminToken: string;
  let adminId: number;
  type Person = Awaited<ReturnType<typeof insertPerson>>;
  let first: Person;
  let second: Person;
  let accepted: Person;
  let rejected: Person;
  let split: Person;
  let plain: Person[];
  let examA: number;
  let examsB: number[];

  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(adminToken) });
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  const threeHoursAgo = () => new Date(Date.now() - 3 * 3600_000);

  const vote = (examId: number, examiner: Person, trainee: Person, yes: boolean) =>
    t.db.insertInto('exam_votes').values({ exam_id: examId, examiner_id: examiner.id, user_id: trainee.id, accepted: yes }).execute();

  /** Signs the exam's report card as the examiner does in the browser: over the exact bytes GET answered. */
  async function sign(examiner: Person, examId: number) {
    const card = await get(`/api/exam/reportcard/id:${examId}`, examiner.token);
    expect(card.statusCode, card.body).toBe(200);
    const { iin } = await t.db.selectFrom('users').select('iin').where('id', '=', examiner.id).executeTakeFirstOrThrow();
    const key = trust.issue({ iin, keys });
    const signature = await signDetachedInNode(card.rawPayload, key.p12, key.password);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/exam/sign/id:${examId}`,
      headers: bearer(examiner.token),
      payload: { Signature: signature.toString('base64') },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const issuedOf = (examId: number) =>
    t.db.selectFrom('issued_certificates').selectAll().where('exam_id', '=', examId).orderBy('number').execute();

  beforeAll(async () => {
    keys = generateRsaKeys();
    trust = await makeTestTrust();
    t = await createTestApp({
      ORG_NAME: 'ТОО «Оқу орталығы»',
      ORG_CODE: 'TST',
      PUBLIC_URL,
      CERTIFICATE_VALIDITY_MONTHS: String(VALIDITY_MONTHS),
      ...trust.settings,
    });
    adminToken = await t.tokenOf(Role.Admin);
    adminId = await t.idOf(Role.Admin);

    const upload = await postMultipart(t.app, '/uploadF', [filePart(docxTemplate(), 'шаблон.docx')], adminToken);
    expect(upload.statusCode, upload.body).toBe(200);
    const template = await asAdmin('POST', '/api/cer/new', { Name: 'Шаблон Word', FileName: 'шаблон.docx', Path: upload.json().Path });
    expect(template.statusCode, template.body).toBe(200);
    const planA = await insertPlan(t.db, 'Охрана труда', { certificate_id: template.json().data.ID });
    const planB = await insertPlan(t.db, 'Промышленная безопасность');

    first = await insertPerson(t.db, Role.Examiner, { fullName: 'Первый Экзаменатор Иванович' });
    second = await insertPerson(t.db, Role.Examiner, { fullName: 'Второй Экзаменатор Петрович' });
    accepted = await insertPerson(t.db, Role.Trainee, { planId: planA, fullName: 'Аманова Анна Сериковна' });
    rejected = await insertPerson(t.db, Role.Trainee, { planId: planA, fullName: 'Борисов Борис Ильич' });
    split = await insertPerson(t.db, Role.Trainee, { planId: planA, fullName: 'Цой Катерина Олеговна' });
    plain = [
      await insertPerson(t.db, Role.Trainee, { planId: planB, fullName: 'Данияров Данияр Ерланович' }),
      await insertPerson(t.db, Role.Trainee, { planId: planB, fullName: 'Ержанова Ева Маратовна' }),
    ];

    examA = await insertExam(t.db, planA, threeHoursAgo(), [first, second]);
    for (const examiner of [first, second]) {
      await vote(examA, examiner, accepted, true);
      await vote(examA, examiner, rejected, false);
    }
    // the commission splits on her: one rejection rejects, so she gets no certificate either
    await vote(examA, first, split, true);
    await vote(examA, second, split, false);
    examsB = [await insertExam(t.db, planB, threeHoursAgo(), [first]), await insertExam(t.db, planB, threeHoursAgo(), [first])];
    for (const examId of examsB) for (const trainee of plain) await vote(examId, first, trainee, true);
  });
  afterAll(async () => {
    await t?.close();
    await trust?.remove();
  });

  it('issues certificates once every examiner has signed, only to the trainees accepted', async () => {
    await sign(first, examA);
    expect(await issuedOf(examA)).toEqual([]);
    await sign(second, examA);
    const year = new Date().getFullYear();
    expect(await issuedOf(examA)).toEqual([
      expect.objectContaining({
        number: `TST-${year}-000001`,
        code: expect.stringMatching(CODE),
        user_id: accepted.id,
        holder_name: 'Аманова Анна Сериковна',
        plan_name: 'Охрана труда',
        exam_type: 'Первичная проверка знаний',
        docx_key: expect.stringMatching(/^issued\/[0-9a-f]{32}\.docx$/),
        revoked_at: null,
      }),
    ]);
  });

  it('numbers the certificates of exams signed at the same moment uniquely and consecutively', async () => {
    await Promise.all(examsB.map((examId) => sign(first, examId)));
    const year = new Date().getFullYear();
    const [one, two] = await Promise.all(examsB.map(issuedOf));
    expect([...one, ...two].map((c) => c.number).sort()).toEqual([2, 3, 4, 5].map((n) => `TST-${year}-00000${n}`));
    for (const block of [one, two]) {
      expect(block.map((c) => c.user_id).sort()).toEqual(plain.map((p) => p.id).sort());
      const [a, b] = block.map((c) => Number(c.number.slice(-6)));
      expect(b - a).toBe(1);
    }
    expect(new Set([...one, ...two].map((c) => c.code)).size).toBe(4);
  });

  it('shows trainees their own certificates and administrators all of them, searched and paged', async () => {
    const [mine] = await issuedOf(examA);
    const own = await get('/api/cer/user', accepted.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual([
      {
        ID: mine.id,
        Number: mine.number,
        Plan: 'Охрана труда',
        Type: 'Первичная проверка знаний',
        Date: mine.issued_on,
        Code: mine.code,
        Path: `/api/verify/${mine.code}/pdf`,
        DocxPath: `/api/verify/${mine.code}/docx`,
        Revoked: false,
      },
    ]);
    expect((await get('/api/cer/user', rejected.token)).json().data).toEqual([]);
    expect((await get('/api/cer/user', split.token)).json().data).toEqual([]);
    expect((await get('/api/cer/user', adminToken)).statusCode).toBe(403);

    const all = await get('/api/cer/issued', adminToken);
    expect(all.json()).toMatchObject({ status: true, pages: 1, total: 5 });
    const { iin } = await t.db.selectFrom('users').select('iin').where('id', '=', plain[0].id).executeTakeFirstOrThrow();
    const byIin = (await get(`/api/cer/issued?search=${iin}`, adminToken)).json();
    expect(byIin.data).toHaveLength(2);
    expect(byIin.data[0]).toMatchObject({ UserID: plain[0].id, IIN: iin, Fullname: 'Данияров Данияр Ерланович', DocxPath: null });
    expect((await get(`/api/cer/issued?search=${encodeURIComponent('охрана')}`, adminToken)).json().data).toEqual([
      expect.objectContaining({ ID: mine.id, ExamID: examA, Exam: 'Проверка знаний', RevokedAt: null }),
    ]);
    expect((await get(`/api/cer/issued?search=${mine.number}`, adminToken)).json().total).toBe(1);
    expect((await get('/api/cer/issued?page=2', adminToken)).json()).toMatchObject({ data: [], pages: 1, total: 5 });
    await expectRefused(t, NOT_ADMIN, [['GET', '/api/cer/issued']]);
  });

  it('verifies by code in public, and serves the PDF with the verification link and the filled DOCX', async () => {
    const [mine] = await issuedOf(examA);
    const verified = await get(`/api/verify/${mine.code.toUpperCase()}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({
      Valid: true,
      Number: mine.number,
      Fullname: 'Аманова Анна Сериковна',
      IIN: `********${mine.holder_iin.slice(-4)}`,
      Plan: 'Охрана труда',
      Type: 'Первичная проверка знаний',
      Date: mine.issued_on,
      RevokedAt: null,
      Examiners: [
        { Fullname: expect.any(String), SignedAt: expect.any(String) },
        { Fullname: expect.any(String), SignedAt: expect.any(String) },
      ],
      Organisation: 'ТОО «Оқу орталығы»',
      Exam: 'Проверка знаний',
      ExamDate: mine.exam_date,
      ValidUntil: mine.valid_until,
      Expired: false,
    });
    expect(mine.valid_until).toBe(`${Number(mine.issued_on.slice(0, 4)) + VALIDITY_MONTHS / 12}${mine.issued_on.slice(4)}`);

    const pdf = await get(`/api/verify/${mine.code}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await linkOf(pdf.rawPayload)).toBe(`${PUBLIC_URL}/verify/${mine.code}`);
    // rendered once, then kept
    expect((await get(`/api/verify/${mine.code}/pdf`)).rawPayload.equals(pdf.rawPayload)).toBe(true);

    const docx = await get(`/api/verify/${mine.code}/docx`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const document = (await entriesOf(docx.rawPayload)).find((e) => e.name === 'word/document.xml')?.content?.toString() ?? '';
    const day = mine.issued_on.split('-').reverse().join('.');
    expect(document).toContain('Выдан Аманова Анна Сериковна</w:t>');
    expect(document).toContain(`Охрана труда; ${day}; № ${mine.number}</w:t>`);
    expect(document).not.toContain('{');

    // a certificate of a plan without a template: a plain page, and no Word file
    const [other] = await issuedOf(examsB[0]);
    const plainPdf = await get(`/api/verify/${other.code}/pdf`);
    expect(await linkOf(plainPdf.rawPayload)).toBe(`${PUBLIC_URL}/verify/${other.code}`);
    expect((await get(`/api/verify/${other.code}/docx`)).statusCode).toBe(404);

    for (const url of ['/api/verify/abcdefghijklmnopqrstuvwxyz', '/api/verify/abcdefghijklmnopqrstuvwxyz/pdf']) {
      const unknown = await get(url);
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND);
    }
    expect((await get('/api/verify/short')).statusCode).toBe(400);
  });

  it('revokes a certificate for good with a reason, audited; the verification then reads it invalid', async () => {
    const [mine] = await issuedOf(examA);
    const url = `/api/cer/revoke/id:${mine.id}`;
    await expectRefused(t, NOT_ADMIN, [['POST', url, { Reason: 'Ошибка в данных' }]]);
    expect((await asAdmin('POST', url, { Reason: ' ' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/cer/revoke/id:999999', { Reason: 'Ошибка в данных' })).json()).toEqual(NOT_FOUND);
    const revoked = await asAdmin('POST', url, { Reason: 'Ошибка в данных' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const again = await asAdmin('POST', url, { Reason: 'Ещё раз' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: 'Сертификат уже отозван' });
    expect(await auditOf(t, mine.id, 'issued_certificate.')).toEqual([
      expect.objectContaining({ actor_id: adminId, action: 'issued_certificate.revoke' }),
    ]);
    const verified = (await get(`/api/verify/${mine.code}`)).json().data;
    expect(verified).toMatchObject({ Valid: false, RevokedAt: expect.any(String) });
    expect((await get('/api/cer/user', accepted.token)).json().data[0].Revoked).toBe(true);
    expect((await get(`/api/cer/issued?search=${mine.number}`, adminToken)).json().data[0]).toMatchObject({
      RevokeReason: 'Ошибка в данных',
      RevokedAt: verified.RevokedAt,
    });
  });

  it('gives a revoked certificate’s PDF out marked «ОТОЗВАН» with the day, keeps the issued file, and refuses its Word file', async () => {
    const [mine] = await issuedOf(examA);
    const day = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Almaty', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      mine.revoked_at ?? new Date(0),
    );
    expect(mine.revoked_at).not.toBeNull();
    // by the code, as the QR and the holder's list link it, and by the printed number
    for (const key of [mine.code, mine.number]) {
      const pdf = await get(`/api/verify/${key}/pdf`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['cache-control']).toBe('no-store');
      expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(`Сертификат ${mine.number} — ОТОЗВАН ${day}`);
      const pages = await pdfLibText(pdf.rawPayload);
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) {
        expect(page).toEqual(expect.arrayContaining(['ОТОЗВАН', day, `ОТОЗВАН ${day} — сертификат недействителен`]));
        expect(page).toContain('Аманова Анна Сериковна');
      }
    }
    const kept = await fs.readFile(path.join(t.config.DATA_DIR, 'files', mine.pdf_key));
    expect((await pdfLibText(kept)).flat().some((text) => text.includes('ОТОЗВАН'))).toBe(false);

    const docx = await get(`/api/verify/${mine.code}/docx`);
    expect(docx.statusCode).toBe(410);
    expect(docx.json()).toEqual({ status: false, message: `Сертификат отозван ${day}: его файл Word больше не выдаётся` });
    expect((await get('/api/cer/user', accepted.token)).json().data[0]).toMatchObject({ Revoked: true, DocxPath: null });
  });

  it('finds a certificate by its printed number as by its code, and answers an unknown one of either form alike', async () => {
    const [other] = await issuedOf(examsB[0]);
    const byCode = await get(`/api/verify/${other.code}`);
    const byNumber = await get(`/api/verify/${other.number}`);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json()).toEqual(byCode.json());
    expect(byNumber.json().data).toMatchObject({ Number: other.number, Valid: true });
    expect((await get(`/api/verify/${other.number.toLowerCase()}`)).json()).toEqual(byCode.json());
    const pdf = await get(`/api/verify/${other.number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await linkOf(pdf.rawPayload)).toBe(`${PUBLIC_URL}/verify/${other.code}`);

    const year = new Date().getFullYear();
    const unknownCode = await get('/api/verify/abcdefghijklmnopqrstuvwxyz');
    for (const url of [`/api/verify/TST-${year}-999999`, `/api/verify/XYZ-${year}-000001`, `/api/verify/TST-${year}-999999/pdf`]) {
      const unknown = await get(url);
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.headers['content-type']).toBe(unknownCode.headers['content-type']);
      expect(unknown.body).toBe(unknownCode.body);
    }
    // the schema takes the two shapes and nothing else
    for (const bad of ['TST-2026-12', 'TST_2026_000001', `${'A'.repeat(11)}-2026-000001`, 'TST-2026-0000000001', 'abc']) {
      expect((await get(`/api/verify/${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('prints on the built-in design what the signed card said and dates it by the signature, kept on the certificate', async () => {
    const trainee = await insertPerson(t.db, Role.Trainee, { fullName: 'Жақсыбекова Гүлнар Маратқызы' });
    const { iin } = await t.db.selectFrom('users').select('iin').where('id', '=', trainee.id).executeTakeFirstOrThrow();
    const planId = await insertPlan(t.db, 'Электробезопасность');
    const beginTime = new Date('2026-03-09T04:00:00Z');
    const examId = await insertExam(t.db, planId, beginTime, [first], { name: 'Экзамен по электробезопасности' });
    const card: ReportCard = {
      documentNumber: `ЭК-${examId}-2026`,
      timeZone: 'Asia/Almaty',
      exam: {
        id: examId,
        name: 'Экзамен по электробезопасности',
        plan: 'Электробезопасность',
        type: 'Первичная проверка знаний',
        beginTime,
        completedAt: null,
        durationMinutes: 60,
        endedAt: null,
        status: 'Завершен',
        passMarks: 0,
        testCount: 0,
      },
      examiners: [{ id: first.id, fullname: 'Первый Экзаменатор Иванович' }],
      chair: { id: first.id, fullname: 'Первый Экзаменатор Иванович' },
      organisation: { name: 'АО «Энергия»', details: 'г. Астана, БИН 987654321098' },
      undecided: [],
      regions: [
        {
          region: { id: 0, fullname: 'Без региона' },
          trainees: [
            {
              id: trainee.id,
              fullname: 'Жақсыбекова Гүлнар Маратқызы',
              department: '',
              duty: '',
              iin,
              tabel: '',
              passed: 0,
              total: 0,
              belowPassMark: false,
              votes: ['true'],
              verdict: 'accepted',
            },
          ],
        },
      ],
      signatures: [],
    };
    // signed late in the evening of the exam's day in Almaty: still that day, whenever issuing runs
    await t.app.services.issuedCertificates.issue(card, t.db, new Date('2026-03-09T17:30:00Z'));
    const [issued] = await issuedOf(examId);
    expect(issued).toMatchObject({
      number: expect.stringMatching(/^TST-2026-\d{6}$/),
      issued_on: '2026-03-09',
      exam_name: 'Экзамен по электробезопасности',
      exam_date: '2026-03-09',
      chair_name: 'Первый Экзаменатор Иванович',
      organisation: 'АО «Энергия»',
      organisation_details: 'г. Астана, БИН 987654321098',
      valid_until: '2029-03-09',
    });

    // what changes later changes nothing the certificate says
    await t.db.updateTable('exams').set({ name: 'Переименованный экзамен' }).where('id', '=', examId).execute();
    const verified = (await get(`/api/verify/${issued.number}`)).json().data;
    expect(verified).toMatchObject({
      Valid: true,
      Organisation: 'АО «Энергия»',
      Exam: 'Экзамен по электробезопасности',
      ExamDate: '2026-03-09',
      Chair: 'Первый Экзаменатор Иванович',
      ValidUntil: '2029-03-09',
      Expired: false,
      Date: '2026-03-09',
    });
    const [page] = await pdfLibText((await get(`/api/verify/${issued.code}/pdf`)).rawPayload);
    expect(page).toEqual(
      expect.arrayContaining([
        'АО «Энергия»',
        'г. Астана, БИН 987654321098',
        `№ ${issued.number}`,
        'Жақсыбекова Гүлнар Маратқызы',
        'сдал(а) экзамен «Экзамен по электробезопасности» 09.03.2026',
        'по программе «Электробезопасность»',
        'Дата выдачи: 09.03.2026',
        'Действителен до 09.03.2029',
        'Председатель комиссии: Первый Экзаменатор Иванович',
        `${PUBLIC_URL}/verify/${issued.code}`,
      ]),
    );

    // past its term the check says so
    await t.db.updateTable('issued_certificates').set({ valid_until: '2026-03-10' }).where('id', '=', issued.id).execute();
    expect((await get(`/api/verify/${issued.code}`)).json().data).toMatchObject({ Valid: false, Expired: true, RevokedAt: null });
  });

  it('keeps a template’s layout and previews a sample certificate over an uploaded template', async () => {
    const image = await postMultipart(t.app, '/uploadF', [filePart(tinyPng(), 'фон.png')], adminToken);
    const Path = image.json().Path;
    const Layout = { ...DEFAULT_CERTIFICATE_LAYOUT, Fullname: { X: 0.2, Y: 0.3, Size: 30 } };
    const created = await asAdmin('POST', '/api/cer/new', { Name: 'Картинка', FileName: 'фон.png', Path, Layout });
    const id = created.json().data.ID;
    expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data.Layout).toEqual(Layout);
    expect((await asAdmin('PUT', `/api/cer/updatecer/${id}`, { Name: 'Картинка', Layout: null })).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/cer/getcer/${id}`)).json().data.Layout).toBeNull();

    const preview = await asAdmin('POST', '/api/cer/preview', { Path, Layout });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(await linkOf(preview.rawPayload)).toMatch(new RegExp(`^${PUBLIC_URL}/verify/[a-z2-7]{26}$`));
    const unknown = await asAdmin('POST', '/api/cer/preview', { Path: '/files/certificates/0123456789abcdef0123456789abcdef.pdf', Layout });
    expect(unknown.statusCode).toBe(422);
    await expectRefused(t, NOT_ADMIN, [['POST', '/api/cer/preview', { Path, Layout }]]);

    // a PDF template: the certificate is its first page, same size, with the fields over it
    const source = await PDFDocument.create();
    source.addPage([600, 420]);
    source.addPage([300, 300]);
    const pdfTemplate = await postMultipart(t.app, '/uploadF', [filePart(Buffer.from(await source.save()), 'бланк.pdf')], adminToken);
    const overPdf = await asAdmin('POST', '/api/cer/preview', { Path: pdfTemplate.json().Path, Layout });
    expect(overPdf.statusCode, overPdf.body).toBe(200);
    const drawn = await PDFDocument.load(overPdf.rawPayload);
    expect(drawn.getPageCount()).toBe(1);
    expect(drawn.getPage(0).getSize()).toEqual({ width: 600, height: 420 });
  });

  it('limits the public verification per client address, by code and by number alike', async () => {
    const answers: number[] = [];
    const year = new Date().getFullYear();
    for (let i = 0; i <= VERIFY_CALLS_PER_MINUTE; i++) {
      // code and number in turn: one count
      const url = i % 2 ? `/api/verify/TST-${year}-999999` : '/api/verify/abcdefghijklmnopqrstuvwxyz';
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([...Array(VERIFY_CALLS_PER_MINUTE).fill(404), 429]);
    expect((await t.app.inject({ method: 'GET', url: `/api/verify/TST-${year}-999999`, remoteAddress: '10.9.8.7' })).statusCode).toBe(429);
    // another address is counted apart
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/verify/abcdefghijklmnopqrstuvwxyz', remoteAddress: '10.9.8.8' })).statusCode,
    ).toBe(404);
  });
});

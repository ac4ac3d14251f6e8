import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, type RoleId } from '@oqu/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages.js';
import { LocalNotifier } from '../../plugins/notify.js';
import { ExamEventHub } from '../../plugins/realtime.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertAttempt, insertPlan } from '../../test/catalogue.js';
import { insertExam } from '../../test/exams.js';
import { nextIin } from '../../test/factories.js';
import { auditOf, refusingAudit } from '../../test/http.js';
import { pdfkitText } from '../../test/pdf-text.js';
import {
  generateRsaKeys,
  makeTestTrust,
  type SigningKey,
  type SigningKeyOptions,
  signDetachedInNode,
  type TestTrust,
} from '../../test/signing-keys.js';
import { hashToken } from '../auth/auth.service.js';
import { readDetachedSignature, verifySignatureValue } from './cms.js';

interface Person {
  id: number;
  iin: string;
  token: string;
}

describe('signing the report card', () => {
  let t: TestApp;
  /** the authority the app trusts, which issues the examiners' keys */
  let trust: TestTrust;
  /** SSE frames of the exam's room */
  const announced: string[] = [];
  const examEvents = new ExamEventHub(new LocalNotifier());
  let keys: ReturnType<typeof generateRsaKeys>;
  let first: Person;
  let second: Person;
  let third: Person;
  let outsider: Person;
  let trainees: number[];
  let examId: number;
  let upcomingId: number;
  /** the PDF the first examiner's signature covers */
  let firstSignedPdf: Buffer;

  async function person(role: RoleId, name: string, planId: number | null = null): Promise<Person> {
    const iin = nextIin();
    const row = await t.db
      .insertInto('users')
      .values({ role_id: role, iin, full_name: name, password_hash: 'not-a-hash', plan_id: planId, department: 'Цех №1', duty: 'Оператор' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('base64url');
    await t.db
      .insertInto('sessions')
      .values({ user_id: row.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    return { id: row.id, iin, token };
  }

  const vote = (examiner: Person, userId: number, accepted: boolean) =>
    t.db.insertInto('exam_votes').values({ exam_id: examId, examiner_id: examiner.id, user_id: userId, accepted }).execute();

  const fetchCard = async (caller: Person, id = examId) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/exam/reportcard/id:${id}`, headers: bearer(caller.token) });
    return response;
  };

  const sign = (caller: Person, signature: Buffer, id = examId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/exam/sign/id:${id}`,
      headers: bearer(caller.token),
      payload: { Signature: signature.toString('base64') },
    });

  const keyOf = (caller: Person, options: Partial<SigningKeyOptions> = {}): SigningKey =>
    trust.issue({ iin: caller.iin, keys, ...options });

  const signedBy = async (caller: Person, pdf: Buffer, options: Partial<SigningKeyOptions> = {}) => {
    const key = keyOf(caller, options);
    return signDetachedInNode(pdf, key.p12, key.password);
  };

  beforeAll(async () => {
    keys = generateRsaKeys();
    trust = await makeTestTrust();
    t = await createTestApp({ ORG_NAME: 'ТОО «Оқу орталығы»', ...trust.settings }, () => ({ examEvents }));
    const planId = await insertPlan(t.db, 'Еңбекті қорғау');
    first = await person(Role.Examiner, 'Сейітқалиев Нұрлан');
    second = await person(Role.Examiner, 'Петрова Анна');
    third = await person(Role.Examiner, 'Әбілқасымова Ғалия');
    outsider = await person(Role.Examiner, 'Посторонний Экзаменатор');
    trainees = [(await person(Role.Trainee, 'Өмірзақов Асқар', planId)).id, (await person(Role.Trainee, 'Иванова Мария', planId)).id];
    examId = await insertExam(t.db, planId, new Date(Date.now() - 3 * 3600_000), [first, second, third], {
      name: 'Экзамен по охране труда',
      passMarks: 1,
    });
    examEvents.subscribe(examId, (frame) => announced.push(frame));
    upcomingId = await insertExam(t.db, planId, new Date(Date.now() + 3600_000), [first], {
      name: 'Экзамен по охране труда',
      passMarks: 1,
    });
    await vote(first, trainees[0], true);
    await vote(second, trainees[0], true);
  });
  afterAll(async () => {
    await t.close();
    await trust.remove();
  });

  it('answers the card as a PDF attachment whose bytes stay the same while nothing changes', async () => {
    const one = await fetchCard(first);
    const two = await fetchCard(first);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.headers['content-disposition']).toBe(`attachment; filename="report-card-${examId}.pdf"`);
    expect(one.headers['cache-control']).toBe('no-store');
    expect(one.headers['x-content-sha256']).toBe(createHash('sha256').update(one.rawPayload).digest('hex'));
    expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(one.rawPayload.equals(two.rawPayload)).toBe(true);
  });

  it('lets only the exam’s examiners and administrators read it, and only its examiners sign', async () => {
    expect((await fetchCard(outsider)).statusCode).toBe(403);
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/exam/reportcard/id:${examId}`,
      headers: bearer(await t.tokenOf(Role.Admin)),
    });
    expect(admin.statusCode).toBe(200);
    for (const role of [Role.Trainee, Role.Teacher, Role.Region]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/exam/reportcard/id:${examId}`,
        headers: bearer(await t.tokenOf(role)),
      });
      expect(response.statusCode, `role ${role}`).toBe(403);
    }
    const pdf = (await fetchCard(first)).rawPayload;
    const refused = await sign(outsider, await signedBy(outsider, pdf));
    expect(refused.statusCode).toBe(403);
    expect((await fetchCard(first, 999_999)).statusCode).toBe(404);
  });

  it('tells the signing page the examiner’s own IIN, which the key must carry', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(first.token) });
    expect(me.json().user).toMatchObject({ ID: first.id, IIN: first.iin });
  });

  it('refuses to sign before the exam is over', async () => {
    const pdf = (await fetchCard(first, upcomingId)).rawPayload;
    const response = await sign(first, await signedBy(first, pdf), upcomingId);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(messages.exam_not_finished.ru);
  });

  it('refuses to sign before every examiner voted on every participant, naming who is undecided on whom', async () => {
    const pdf = (await fetchCard(first)).rawPayload;
    const response = await sign(first, await signedBy(first, pdf));
    expect(response.statusCode).toBe(422);
    const { message } = response.json();
    expect(message).toMatch(/^Не все члены комиссии вынесли решение: /);
    // the first two examiners have not decided on Иванова, the third on nobody yet
    expect(message).toContain('Сейітқалиев Нұрлан — 1 (Иванова Мария)');
    expect(message).toContain('Петрова Анна — 1 (Иванова Мария)');
    expect(message).toMatch(/Әбілқасымова Ғалия — 2 \((Иванова Мария, Өмірзақов Асқар|Өмірзақов Асқар, Иванова Мария)\)/);
    const table = await t.app.inject({ method: 'GET', url: `/table/get?id=${examId}`, headers: bearer(first.token) });
    expect(table.json()).toMatchObject({ Frozen: true, DocumentFixed: false });
    expect(table.json().Undecided.map((u: { ExamenatorID: number }) => u.ExamenatorID)).toEqual([first.id, second.id, third.id]);

    await vote(first, trainees[1], true);
    await vote(second, trainees[1], false);
    await vote(third, trainees[0], true);
    await vote(third, trainees[1], true);
    const decided = await t.app.inject({ method: 'GET', url: `/table/get?id=${examId}`, headers: bearer(first.token) });
    expect(decided.json().Undecided).toEqual([]);
  });

  it('refuses a signature over other bytes, by another person’s key, or by an expired certificate', async () => {
    const pdf = (await fetchCard(first)).rawPayload;
    const cases: [Buffer, keyof typeof messages][] = [
      [await signedBy(first, Buffer.concat([pdf, Buffer.from('\n')])), 'signature_content_mismatch'],
      [await signedBy(outsider, pdf), 'signature_iin_mismatch'],
      [await signedBy(first, pdf, { validity: 'expired' }), 'certificate_expired'],
      [await signedBy(first, pdf, { usage: 'encipherment' }), 'certificate_not_for_signing'],
    ];
    for (const [signature, reason] of cases) {
      const response = await sign(first, signature);
      expect(response.statusCode, reason).toBe(422);
      expect(response.json()).toEqual({ status: false, message: messages[reason].ru });
    }
    const kazakh = await t.app.inject({
      method: 'POST',
      url: `/api/exam/sign/id:${examId}`,
      headers: { ...bearer(first.token), 'accept-language': 'kk' },
      payload: { Signature: (await signedBy(outsider, pdf)).toString('base64') },
    });
    expect(kazakh.json().message).toBe(messages.signature_iin_mismatch.kk);
    const list = await t.app.inject({ method: 'GET', url: `/api/exam/reportcard/id:${examId}/signatures`, headers: bearer(first.token) });
    expect(list.json().data).toEqual([]);
  });

  it('refuses a card fetched before a vote changed; the first signature then fixes the document and every vote', async () => {
    const stale = (await fetchCard(first)).rawPayload;
    await t.db
      .updateTable('exam_votes')
      .set({ accepted: false })
      .where('exam_id', '=', examId)
      .where('examiner_id', '=', third.id)
      .where('user_id', '=', trainees[1])
      .execute();
    const refused = await sign(first, await signedBy(first, stale));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(messages.signature_content_mismatch.ru);

    const pdf = (await fetchCard(first)).rawPayload;
    const response = await sign(first, await signedBy(first, pdf));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(messages.exam_signed.ru);
    expect(body.data).toMatchObject({
      ExamenatorID: first.id,
      Fullname: 'Иванов Иван',
      IIN: first.iin,
      KeyFamily: 'RSA',
      Issuer: trust.authority.name,
    });
    expect(body.data.Path).toBe(`/api/exam/signature/id:${body.data.ID}`);
    expect(announced).toEqual([`event: signed\ndata: ${JSON.stringify({ ExamenatorID: first.id })}\n\n`]);
    expect(await auditOf(t, examId, 'exam.sign')).toEqual([
      expect.objectContaining({ actor_id: first.id, details: expect.objectContaining({ signature: body.data.ID }) }),
    ]);

    const stored = await t.app.inject({ method: 'GET', url: body.data.PdfPath, headers: bearer(first.token) });
    expect(stored.headers['content-type']).toBe('application/pdf');
    expect(stored.rawPayload.equals(pdf)).toBe(true);
    firstSignedPdf = stored.rawPayload;
    // the card answers the signed document from now on, without marks of who signed
    expect((await fetchCard(second)).rawPayload.equals(firstSignedPdf)).toBe(true);
    expect(pdfkitText(firstSignedPdf)).not.toContain(first.iin);
    expect(pdfkitText(firstSignedPdf)).not.toContain('Иванов Иван');
    const verdicts = await t.db
      .selectFrom('exam_participants')
      .select(['user_id', 'verdict'])
      .where('exam_id', '=', examId)
      .orderBy('user_id')
      .execute();
    expect(verdicts).toEqual([
      { user_id: trainees[0], verdict: 'accepted' },
      { user_id: trainees[1], verdict: 'rejected' },
    ]);

    // no examiner's vote changes now, signed or not
    for (const examiner of [first, third]) {
      const locked = await t.app.inject({
        method: 'POST',
        url: '/api/examenatorcheck',
        headers: bearer(examiner.token),
        payload: { Data: [{ ExamID: examId, UserID: trainees[1], Vote: 'true' }] },
      });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(messages.exam_votes_locked.ru);
    }
    const again = await sign(first, await signedBy(first, (await fetchCard(first)).rawPayload));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.exam_already_signed.ru);
  });

  it('stores no signature whose audit entry cannot be written, and leaves no entry of a signing that failed', async () => {
    const allow = await refusingAudit(t, 'exam.sign');
    try {
      const failed = await sign(second, await signedBy(second, (await fetchCard(second)).rawPayload));
      expect(failed.statusCode).toBe(500);
    } finally {
      await allow();
    }
    const signers = await t.db.selectFrom('exam_signatures').select('examiner_id').where('exam_id', '=', examId).execute();
    expect(signers).toEqual([{ examiner_id: first.id }]);
    expect((await auditOf(t, examId, 'exam.sign')).map((entry) => entry.actor_id)).toEqual([first.id]);
  });

  it('has every examiner sign the one document: openssl verifies each signature against it, and the last issues the certificates', async () => {
    expect(await t.db.selectFrom('issued_certificates').select('id').where('exam_id', '=', examId).execute()).toEqual([]);
    // a trainee who joined the plan after the exam, with every test passed since, is no participant of it
    const planId = (await t.db.selectFrom('exams').select('plan_id').where('id', '=', examId).executeTakeFirstOrThrow()).plan_id;
    const newcomer = await person(Role.Trainee, 'Жаңа Тыңдаушы', planId);
    for (const test of await t.db.selectFrom('tests').select('id').where('plan_id', '=', planId).execute()) {
      await insertAttempt(t.db, newcomer.id, test.id);
    }
    for (const examiner of [second, third]) {
      const current = (await fetchCard(examiner)).rawPayload;
      expect(current.equals(firstSignedPdf)).toBe(true);
      const response = await sign(examiner, await signedBy(examiner, current));
      expect(response.statusCode, response.body).toBe(200);
    }
    const issued = await t.db.selectFrom('issued_certificates').select('user_id').where('exam_id', '=', examId).execute();
    expect(issued).toEqual([{ user_id: trainees[0] }]);

    const list = await t.app.inject({ method: 'GET', url: `/api/exam/reportcard/id:${examId}/signatures`, headers: bearer(second.token) });
    const signatures = list.json().data as { ID: number; ExamenatorID: number; Path: string; PdfPath: string }[];
    expect(signatures.map((s) => s.ExamenatorID)).toEqual([first.id, second.id, third.id]);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oqu-signatures-'));
    try {
      // the ONE document, as the report card answers it
      fs.writeFileSync(path.join(dir, 'doc.pdf'), firstSignedPdf);
      for (const [index, signature] of signatures.entries()) {
        const p7s = await t.app.inject({ method: 'GET', url: signature.Path, headers: bearer(second.token) });
        expect(p7s.headers['content-type']).toBe('application/pkcs7-signature');
        expect(p7s.headers['content-disposition']).toMatch(/^attachment; filename="report-card-\d+-signature-\d+\.p7s"$/);
        const covered = (await t.app.inject({ method: 'GET', url: signature.PdfPath, headers: bearer(second.token) })).rawPayload;
        expect(covered.equals(firstSignedPdf)).toBe(true);
        const stored = readDetachedSignature(p7s.rawPayload);
        verifySignatureValue(stored, firstSignedPdf);
        expect(stored.certificate.holder).toBe('Иванов Иван');
        // and an independent implementation agrees
        fs.writeFileSync(path.join(dir, `${index}.p7s`), p7s.rawPayload);
        const openssl = [
          'cms',
          '-verify',
          '-binary',
          '-noverify',
          '-inform',
          'DER',
          '-in',
          `${index}.p7s`,
          '-content',
          'doc.pdf',
          '-out',
          '/dev/null',
        ];
        expect(() => execFileSync('openssl', openssl, { cwd: dir, stdio: 'pipe' })).not.toThrow();
      }
      fs.writeFileSync(path.join(dir, 'doc.pdf'), Buffer.concat([firstSignedPdf, Buffer.from(' ')]));
      const tampered = [
        'cms',
        '-verify',
        '-binary',
        '-noverify',
        '-inform',
        'DER',
        '-in',
        '0.p7s',
        '-content',
        'doc.pdf',
        '-out',
        '/dev/null',
      ];
      expect(() => execFileSync('openssl', tampered, { cwd: dir, stdio: 'pipe' })).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the marked copy with the signatures’ marks, and the package of the document, its signatures and that copy', async () => {
    const marked = await t.app.inject({ method: 'GET', url: `/api/exam/reportcard/id:${examId}/marked`, headers: bearer(first.token) });
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['content-type']).toBe('application/pdf');
    const markedText = pdfkitText(marked.rawPayload);
    expect(markedText).toContain('КОПИЯ С ОТМЕТКАМИ О ПОДПИСАНИИ');
    for (const examiner of [first, second, third]) expect(markedText).toContain(`Иванов Иван, ИИН ${examiner.iin}`);

    const response = await t.app.inject({ method: 'GET', url: `/api/exam/reportcard/id:${examId}/package`, headers: bearer(second.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual([
      `report-card-${examId}-marked-copy.pdf`,
      `report-card-${examId}.1-Иванов Иван.p7s`,
      `report-card-${examId}.2-Иванов Иван.p7s`,
      `report-card-${examId}.3-Иванов Иван.p7s`,
      `report-card-${examId}.pdf`,
    ]);
    const document = Buffer.from(files[`report-card-${examId}.pdf`]);
    expect(document.equals(firstSignedPdf)).toBe(true);
    for (const n of [1, 2, 3])
      verifySignatureValue(readDetachedSignature(Buffer.from(files[`report-card-${examId}.${n}-Иванов Иван.p7s`])), document);
    expect(pdfkitText(Buffer.from(files[`report-card-${examId}-marked-copy.pdf`]))).toContain(`ИИН ${third.iin}`);

    // an exam nobody signed has neither yet; a reader from outside the exam gets neither
    for (const suffix of ['marked', 'package']) {
      const unsigned = await t.app.inject({
        method: 'GET',
        url: `/api/exam/reportcard/id:${upcomingId}/${suffix}`,
        headers: bearer(first.token),
      });
      expect(unsigned.statusCode).toBe(422);
      expect(unsigned.json().message).toBe(messages.exam_document_not_signed.ru);
      const outside = await t.app.inject({
        method: 'GET',
        url: `/api/exam/reportcard/id:${examId}/${suffix}`,
        headers: bearer(outsider.token),
      });
      expect(outside.statusCode).toBe(403);
    }
  });
});

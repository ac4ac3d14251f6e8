import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Role, readSigningCertificate } from '@oqu/contracts';
import { makeSigningKey, openPkcs12 } from '@oqu/contracts/signing';
import { Certificate } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../lib/calendar.js';
import { verifyIssuedBy } from '../modules/signatures/trust/x509.js';
import { bearer, createTestApp, type TestApp } from '../test/app.js';
import { DEMO_ACCOUNTS } from './demo.js';
import {
  DEMO_AUTHORITY_CERTIFICATE,
  DEMO_AUTHORITY_NAME,
  DEMO_KEY_FILE,
  DEMO_KEY_PASSWORD,
  DEMO_STORED_FOLDER,
  prepareDemoSigning,
  signDemoReportCard,
} from './demo-signature.js';

const examiner = DEMO_ACCOUNTS.find((account) => account.role === Role.Examiner);

describe('the demo’s signed report card', () => {
  let t: TestApp;
  let dataDir: string;
  const keyFile = () => path.join(dataDir, DEMO_KEY_FILE);
  const openKey = async () => openPkcs12(new Uint8Array(await fs.readFile(keyFile())).buffer, DEMO_KEY_PASSWORD);
  const authorityCertificate = async () =>
    Certificate.fromBER(new Uint8Array(await fs.readFile(path.join(dataDir, DEMO_AUTHORITY_CERTIFICATE))));

  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const { key } of t.storage.list(DEMO_STORED_FOLDER)) if (key.endsWith('.p12')) keys.push(key);
    return keys;
  };

  beforeAll(async () => {
    // the demo's trust: NCA RK's test authorities and the demo's own, under the app's DATA_DIR
    t = await createTestApp({ SEED: 'demo' });
    dataDir = t.config.DATA_DIR;
  });
  afterAll(() => t.close());

  it('issues the demo examiner’s key from the demo’s authority and signs the held exam with it, through the trust checks', async () => {
    await prepareDemoSigning(t.db, t.storage, dataDir);
    const held = await t.db.selectFrom('exams').select(['id', 'ended_at']).where('ended_at', 'is not', null).executeTakeFirstOrThrow();
    const examinerId = await t.idOf(Role.Examiner);
    // signed on the exam's day, a quarter of an hour after it ended
    const signedAt = new Date(new Date(held.ended_at ?? 0).getTime() + 15 * 60_000);
    expect(dayIn(signedAt, 'Asia/Almaty')).toBe(dayIn(new Date(held.ended_at ?? 0), 'Asia/Almaty'));

    await signDemoReportCard(t.app.services.signatures, { heldExamId: held.id, examinerId, signedAt }, t.storage);

    const signatures = await t.db.selectFrom('exam_signatures').selectAll().where('exam_id', '=', held.id).execute();
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({
      examiner_id: examinerId,
      signer_iin: examiner?.iin,
      key_family: 'RSA',
      issuer: DEMO_AUTHORITY_NAME,
      signed_at: signedAt,
    });
    expect(signatures[0].revocation).toMatchObject({ method: 'crl', issuer: DEMO_AUTHORITY_NAME });
    expect(signatures[0].chain).toHaveLength(2);
    const key = await openKey();
    expect(key.certificate.iin).toBe(examiner?.iin);
    expect(await verifyIssuedBy(Certificate.fromBER(key.certificateDer), await authorityCertificate())).toBe(true);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/exam/reportcard/id:${held.id}/signatures`,
      headers: bearer(await t.tokenOf(Role.Admin)),
    });
    expect(listed.json().data[0]).toMatchObject({ KeyFamily: 'RSA', Issuer: DEMO_AUTHORITY_NAME });

    // the examiner accepted every participant, and theirs was the only signature: the demo trainee holds a certificate
    const own = await t.app.inject({ method: 'GET', url: '/api/cer/user', headers: bearer(await t.tokenOf(Role.Trainee)) });
    expect(own.json().data).toEqual([expect.objectContaining({ Number: expect.stringMatching(/^OQU-\d{4}-\d{6}$/), Revoked: false })]);
  });

  it('tells a believable story: lessons before the exams, the accepted trainee passed the pass mark before the held one', async () => {
    const held = await t.db
      .selectFrom('exams')
      .select(['id', 'begin_time', 'pass_marks', 'plan_id'])
      .where('ended_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const lessons = await t.db.selectFrom('topics').select('scheduled_at').where('plan_id', '=', held.plan_id).execute();
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) expect(new Date(lesson.scheduled_at ?? 0).getTime()).toBeLessThan(new Date(held.begin_time).getTime());
    const participants = await t.db.selectFrom('exam_participants').selectAll().where('exam_id', '=', held.id).execute();
    expect(participants.length).toBeGreaterThan(0);
    for (const p of participants) {
      expect(p.verdict).toBe('accepted');
      expect(p.passed).toBeGreaterThanOrEqual(held.pass_marks);
    }
    // each test passed after its topic's lesson, before the exam
    const attempts = await t.db
      .selectFrom('attempts as a')
      .innerJoin('tests as ts', 'ts.id', 'a.test_id')
      .innerJoin('topics as tp', 'tp.id', 'ts.topic_id')
      .select(['a.finished_at', 'tp.scheduled_at'])
      .where(
        'a.user_id',
        'in',
        participants.map((p) => p.user_id),
      )
      .execute();
    expect(attempts.length).toBeGreaterThanOrEqual(held.pass_marks);
    for (const attempt of attempts) {
      expect(new Date(attempt.scheduled_at ?? 0).getTime()).toBeLessThan(new Date(attempt.finished_at ?? 0).getTime());
      expect(new Date(attempt.finished_at ?? 0).getTime()).toBeLessThan(new Date(held.begin_time).getTime());
    }
    const chair = await t.db
      .selectFrom('exam_examiners')
      .select('examiner_id')
      .where('exam_id', '=', held.id)
      .where('chair', '=', true)
      .execute();
    expect(chair).toEqual([{ examiner_id: await t.idOf(Role.Examiner) }]);
  });

  it('keeps its authority and key across starts, writes a fresh CRL each time, and reissues an older demo’s self-signed key', async () => {
    const authorityFile = path.join(dataDir, DEMO_AUTHORITY_CERTIFICATE);
    const before = { authority: await fs.readFile(authorityFile), key: await openKey() };
    const crlFile = path.join(dataDir, 'demo/crl/oqu-demo-ca.crl');
    const crlBefore = await fs.readFile(crlFile);
    await prepareDemoSigning(t.db, t.storage, dataDir, new Date(Date.now() + 60_000));
    expect((await fs.readFile(authorityFile)).equals(before.authority)).toBe(true);
    expect((await openKey()).certificate.serial).toBe(before.key.certificate.serial);
    expect((await fs.readFile(crlFile)).equals(crlBefore)).toBe(false);

    const selfSigned = makeSigningKey({ iin: examiner?.iin ?? '', password: DEMO_KEY_PASSWORD, encryption: 'legacy' });
    const [stored] = await storedKeys();
    await t.storage.put(stored, Buffer.from(selfSigned.p12));
    await prepareDemoSigning(t.db, t.storage, dataDir);
    const reissued = await openKey();
    expect(await storedKeys()).toHaveLength(1);
    expect(reissued.certificate.serial).not.toBe(readSigningCertificate(selfSigned.certificateDer).serial);
    expect(await verifyIssuedBy(Certificate.fromBER(reissued.certificateDer), await authorityCertificate())).toBe(true);
  });

  it('takes the authority and key from storage: another process with a folder of its own trusts and signs with the same', async () => {
    const otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-demo-other-'));
    try {
      await prepareDemoSigning(t.db, t.storage, otherDir);
      for (const file of [DEMO_AUTHORITY_CERTIFICATE, DEMO_KEY_FILE]) {
        expect((await fs.readFile(path.join(otherDir, file))).equals(await fs.readFile(path.join(dataDir, file)))).toBe(true);
      }
      // the authority's private key stays in storage only, under a name nobody can guess (/files/ serves any key)
      const stored: string[] = [];
      for await (const { key } of t.storage.list(DEMO_STORED_FOLDER)) stored.push(key.replace(/^demo\/[0-9a-f]{32}\./, 'demo/<random>.'));
      expect(stored.sort()).toEqual(['demo/<random>.json', 'demo/<random>.p12']);
      expect(await fs.readdir(path.join(otherDir, 'demo'), { recursive: true })).not.toContainEqual(expect.stringMatching(/\.key$/));
    } finally {
      await fs.rm(otherDir, { recursive: true, force: true });
    }
  });
});

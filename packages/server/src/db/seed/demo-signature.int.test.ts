import fs from 'node:fs/promises';
import path from 'node:path';
import { Role, readSigningCertificate } from '@oqu/contracts';
import { makeSigningKey, openPkcs12 } from '@oqu/contracts/signing';
import { Certificate } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyIssuedBy } from '../../modules/signatures/trust/x509.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { DEMO_ACCOUNTS } from './demo.js';
import { DEMO_AUTHORITY_NAME, DEMO_KEY_FILE, DEMO_KEY_PASSWORD, prepareDemoSigning, signDemoReportCard } from './demo-signature.js';

const examiner = DEMO_ACCOUNTS.find((account) => account.role === Role.Examiner);

describe('the demo’s signed report card', () => {
  let t: TestApp;
  let dataDir: string;
  const keyFile = () => path.join(dataDir, DEMO_KEY_FILE);
  const openKey = async () => openPkcs12(new Uint8Array(await fs.readFile(keyFile())).buffer, DEMO_KEY_PASSWORD);
  const authorityCertificate = async () =>
    Certificate.fromBER(new Uint8Array(await fs.readFile(path.join(dataDir, 'demo/trust/oqu-demo-ca.cer'))));

  beforeAll(async () => {
    // the demo's trust: NCA RK's test authorities and the demo's own, under the app's DATA_DIR
    t = await createTestApp({ SEED: 'demo' });
    dataDir = t.config.DATA_DIR;
  });
  afterAll(() => t.close());

  it('issues the demo examiner’s key from the demo’s authority and signs the held exam with it, through the trust checks', async () => {
    await prepareDemoSigning(t.db, dataDir);
    const held = await t.db.selectFrom('exams').select('id').where('ended_at', 'is not', null).executeTakeFirstOrThrow();
    const examinerId = await t.idOf(Role.Examiner);

    await signDemoReportCard(t.app.services.signatures, { heldExamId: held.id, examinerId }, dataDir);

    const signatures = await t.db.selectFrom('exam_signatures').selectAll().where('exam_id', '=', held.id).execute();
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({
      examiner_id: examinerId,
      signer_iin: examiner?.iin,
      key_family: 'RSA',
      issuer: DEMO_AUTHORITY_NAME,
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

  it('keeps its authority and key across starts, writes a fresh CRL each time, and reissues an older demo’s self-signed key', async () => {
    const authorityFile = path.join(dataDir, 'demo/trust/oqu-demo-ca.cer');
    const before = { authority: await fs.readFile(authorityFile), key: await openKey() };
    const crlFile = path.join(dataDir, 'demo/crl/oqu-demo-ca.crl');
    const crlBefore = await fs.readFile(crlFile);
    await prepareDemoSigning(t.db, dataDir, new Date(Date.now() + 60_000));
    expect((await fs.readFile(authorityFile)).equals(before.authority)).toBe(true);
    expect((await openKey()).certificate.serial).toBe(before.key.certificate.serial);
    expect((await fs.readFile(crlFile)).equals(crlBefore)).toBe(false);

    const selfSigned = makeSigningKey({ iin: examiner?.iin ?? '', password: DEMO_KEY_PASSWORD, encryption: 'legacy' });
    await fs.writeFile(keyFile(), selfSigned.p12);
    await prepareDemoSigning(t.db, dataDir);
    const reissued = await openKey();
    expect(reissued.certificate.serial).not.toBe(readSigningCertificate(selfSigned.certificateDer).serial);
    expect(await verifyIssuedBy(Certificate.fromBER(reissued.certificateDer), await authorityCertificate())).toBe(true);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Role, readSigningCertificate } from '@oqu/contracts';
import { type CertificateAuthority, signDetached } from '@oqu/contracts/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan } from '../../test/catalogue.js';
import { GOST_2015, type GostTestKey, makeGostCms, makeGostCrl, makeGostTestKey, makeManyAuthoritiesCms } from '../../test/gost-cms.js';
import { auditOf } from '../../test/http.js';
import { makeLargeCrl } from '../../test/large-crl.js';
import { type OcspResponder, startOcspResponder } from '../../test/ocsp-responder.js';
import { insertPerson } from '../../test/rooms.js';
import {
  type AuthorityShape,
  asGostIssued,
  carrying,
  forgeGostIssued,
  generateRsaKeys,
  makeAuthority,
  makeForgedGostAuthority,
  makeSigningKey,
  makeTestTrust,
  type SigningKey,
  signDetachedInNode,
  type TestTrust,
} from '../../test/signing-keys.js';
import type { GostVerifier } from './gost/gost-verifier.js';
import { SIGN_CALLS_PER_MINUTE } from './signatures.policy.js';

const DAY = 86_400_000;

/**
 * The server's trust through HTTP: an authority made here is trusted (NCA_TRUST_DIR) and publishes
 * its CRL (NCA_CRL_DIR) and an OCSP responder; examiners sign finished exams with keys it issued.
 */
describe('signing with a trusted authority’s keys', () => {
  let trust: TestTrust;
  let ocsp: OcspResponder;
  let keys: ReturnType<typeof generateRsaKeys>;
  /** refuses what no revocation source vouches for; asks OCSP; has a GOST verifier */
  let strict: TestApp;
  /** accepts an unknown revocation status; no OCSP; GOST verified in process */
  let lenient: TestApp;
  const gostAsked: Buffer[] = [];
  /** stands in for NCANode: verifies GOST signatures and their chains */
  const gost: GostVerifier = {
    checksChain: true,
    async verifyCms(cms) {
      gostAsked.push(cms);
      return { revocation: { method: 'ncanode', url: 'http://ncanode.test', revocations: [] } };
    },
  };

  beforeAll(async () => {
    keys = generateRsaKeys();
    trust = await makeTestTrust();
    // the same authority as a GOST authority would be, for the GOST signatures (see asGostIssued)
    await fs.writeFile(path.join(trust.trustDir, 'test-ca-gost.cer'), asGostIssued(trust.authority.certificateDer));
    ocsp = await startOcspResponder(trust.authority);
    strict = await createTestApp({ ...trust.settings, NCA_OCSP_URL: ocsp.url }, () => ({ gost }));
    lenient = await createTestApp({ ...trust.settings, NCA_REVOCATION_UNKNOWN: 'accept' });
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), lenient?.close(), ocsp?.close()]);
    await trust.remove();
  });

  /** A finished exam of one new examiner, whose IIN their keys must carry. */
  async function finishedExam(t: TestApp) {
    const examiner = await insertPerson(t.db, Role.Examiner, { fullName: 'Сейітқалиев Нұрлан Ерланович' });
    const { iin } = await t.db.selectFrom('users').select('iin').where('id', '=', examiner.id).executeTakeFirstOrThrow();
    const planId = await insertPlan(t.db, `Еңбекті қорғау ${Math.random()}`);
    const { id } = await t.db
      .insertInto('exams')
      .values({
        name: 'Экзамен',
        plan_id: planId,
        type_id: 13,
        pass_marks: 1,
        begin_time: new Date(Date.now() - 3 * 3600_000),
        duration_minutes: 60,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('exam_examiners').values({ exam_id: id, examiner_id: examiner.id, position: 0 }).execute();
    const card = await t.app.inject({ method: 'GET', url: `/api/exam/reportcard/id:${id}`, headers: bearer(examiner.token) });
    const sign = (signature: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/exam/sign/id:${id}`,
        headers: bearer(examiner.token),
        payload: { Signature: signature.toString('base64') },
      });
    return { id, iin, token: examiner.token, pdf: card.rawPayload, sign };
  }

  const signatureBy = (key: SigningKey, pdf: Buffer) => signDetachedInNode(pdf, key.p12, key.password);
  const refusal = (reason: keyof typeof messages) => ({ status: false, message: messages[reason].ru });
  const serialOf = (key: SigningKey) => readSigningCertificate(key.certificateDer).serial;
  const staleCrl = () => trust.writeCrl({ thisUpdate: new Date(Date.now() - 10 * DAY), nextUpdate: new Date(Date.now() - DAY), number: 7 });

  it('accepts a key the authority issued, and stores and lists the chain and the CRL it was checked against', async () => {
    const exam = await finishedExam(strict);
    const key = trust.issue({ iin: exam.iin, keys });
    const response = await exam.sign(await signatureBy(key, exam.pdf));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ KeyFamily: 'RSA', Issuer: trust.authority.name });

    const listed = await strict.app.inject({
      method: 'GET',
      url: `/api/exam/reportcard/id:${exam.id}/signatures`,
      headers: bearer(exam.token),
    });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ KeyFamily: 'RSA', Issuer: trust.authority.name, Revocation: expect.stringMatching(/^CRL /) }),
    ]);
    const row = await strict.db.selectFrom('exam_signatures').selectAll().where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
    expect(row.chain).toEqual([
      Buffer.from(key.certificateDer).toString('base64'),
      Buffer.from(trust.authority.certificateDer).toString('base64'),
    ]);
    expect(row.revocation).toMatchObject({ method: 'crl', issuer: trust.authority.name, number: '1' });
    expect(Math.abs(new Date(row.verified_at).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await auditOf(strict, exam.id, 'exam.sign')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ keyFamily: 'RSA', issuer: trust.authority.name }) }),
    ]);
  });

  it('refuses a key its CRL revokes, and takes a CRL replaced on disk at once', async () => {
    const exam = await finishedExam(strict);
    const key = trust.issue({ iin: exam.iin, keys });
    await trust.writeCrl({ revoked: [{ serial: serialOf(key) }], number: 2 });
    const revoked = await exam.sign(await signatureBy(key, exam.pdf));
    expect(revoked.statusCode).toBe(422);
    expect(revoked.json()).toEqual(refusal('certificate_revoked'));

    await trust.writeCrl({ number: 3 });
    const accepted = await exam.sign(await signatureBy(key, exam.pdf));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.Revocation).toContain('№3');
  });

  it('refuses a self-signed key', async () => {
    const exam = await finishedExam(strict);
    const response = await exam.sign(await signatureBy(makeSigningKey({ iin: exam.iin, keys }), exam.pdf));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('certificate_untrusted'));
  });

  it('asks the OCSP responder when the CRL is stale: good signs, revoked and no answer are refused', async () => {
    await staleCrl();
    try {
      const exam = await finishedExam(strict);
      const key = trust.issue({ iin: exam.iin, keys });
      const signature = await signatureBy(key, exam.pdf);
      const asked = ocsp.requests;

      ocsp.answer = 'error';
      expect((await exam.sign(signature)).json()).toEqual(refusal('revocation_unknown'));
      ocsp.answer = 'unknown';
      expect((await exam.sign(signature)).json()).toEqual(refusal('revocation_unknown'));
      ocsp.answer = 'revoked';
      expect((await exam.sign(signature)).json()).toEqual(refusal('certificate_revoked'));
      ocsp.answer = 'good';
      const accepted = await exam.sign(signature);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(ocsp.requests - asked).toBe(4);
      const row = await strict.db.selectFrom('exam_signatures').selectAll().where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
      expect(row.revocation).toMatchObject({ method: 'ocsp', url: ocsp.url, response: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
    } finally {
      ocsp.answer = 'good';
      await trust.writeCrl();
    }
  });

  it('accepts with the revocation status unknown only when the setting says so', async () => {
    await staleCrl();
    try {
      const exam = await finishedExam(lenient);
      const response = await exam.sign(await signatureBy(trust.issue({ iin: exam.iin, keys }), exam.pdf));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.Revocation).toBe('unknown: no current CRL');
    } finally {
      await trust.writeCrl();
    }
  });

  it('takes NCANode’s verdict and evidence for a GOST signature when NCANode verifies', async () => {
    const exam = await finishedExam(strict);
    const key = trust.issue({ iin: exam.iin, keys });
    const signature = Buffer.from(await signDetached(new Uint8Array(exam.pdf), key.privateKeyPkcs8, asGostIssued(key.certificateDer)));
    const response = await exam.sign(signature);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      KeyFamily: 'GOST',
      Issuer: trust.authority.name,
      Revocation: 'NCANode http://ncanode.test',
    });
    expect(gostAsked.at(-1)?.equals(signature)).toBe(true);
  });

  it('verifies a GOST signature in this process, with its chain and its GOST authority’s CRL', async () => {
    // the default verifier (no NCANODE_URL): in process, GOST 34.10-2015 keys as NCA RK issues them
    const authority = makeGostTestKey(GOST_2015, { usage: 'authority', commonName: 'ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) TEST' });
    await fs.writeFile(path.join(trust.trustDir, 'gost-2015.cer'), authority.certificateDer);
    const revokedExam = await finishedExam(lenient);
    const revokedKey = makeGostTestKey(GOST_2015, { issuer: authority, iin: revokedExam.iin });
    await fs.writeFile(
      path.join(trust.crlDir, 'gost-2015.crl'),
      makeGostCrl(authority, { revoked: [revokedKey.certificateDer], number: 3 }),
    );
    const gostCms = (key: GostTestKey, content: Buffer) =>
      makeGostCms({ content, certificateDer: key.certificateDer, family: GOST_2015, sign: key.sign });

    const exam = await finishedExam(lenient);
    const key = makeGostTestKey(GOST_2015, { issuer: authority, iin: exam.iin });
    const changed = await exam.sign(gostCms(key, Buffer.concat([exam.pdf, Buffer.from(' ')])));
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual(refusal('signature_content_mismatch'));
    const response = await exam.sign(gostCms(key, exam.pdf));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ KeyFamily: 'GOST', Issuer: 'ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) TEST' });
    expect(response.json().data.Revocation).toMatch(/^CRL ҰЛТТЫҚ .* №3, /);

    const revoked = await revokedExam.sign(gostCms(revokedKey, revokedExam.pdf));
    expect(revoked.statusCode).toBe(422);
    expect(revoked.json()).toEqual(refusal('certificate_revoked'));
  });

  it('refuses a key revoked in a national-size CRL, even where an unknown status would be accepted', async () => {
    const exam = await finishedExam(lenient);
    const key = trust.issue({ iin: exam.iin, keys });
    // asn1js stops at 10,000 elements: pkijs could not read a CRL of more than about 3,300 entries
    await fs.writeFile(path.join(trust.crlDir, 'test-ca.crl'), makeLargeCrl(trust.authority, { count: 4_000, revoked: [serialOf(key)] }));
    try {
      const response = await exam.sign(await signatureBy(key, exam.pdf));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(refusal('certificate_revoked'));
    } finally {
      await trust.writeCrl();
    }
  });

  it('shows a CRL it cannot read on /api/health/ready, and its authority’s keys are unknown until one is read', async () => {
    const ready = () => strict.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect((await ready()).json()).toEqual({ status: true });
    await fs.writeFile(path.join(trust.crlDir, 'test-ca.crl'), makeLargeCrl(trust.authority, { count: 5_000 }).subarray(0, 50_000));
    try {
      const answer = await ready();
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: true, CrlProblems: [{ File: 'test-ca.crl', Problem: 'unreadable', Detail: 'truncated' }] });
      ocsp.answer = 'error';
      const exam = await finishedExam(strict);
      const response = await exam.sign(await signatureBy(trust.issue({ iin: exam.iin, keys }), exam.pdf));
      expect(response.json()).toEqual(refusal('revocation_unknown'));
    } finally {
      ocsp.answer = 'good';
      await trust.writeCrl();
    }
    expect((await ready()).json()).toEqual({ status: true });
  });

  it('refuses a signature dated in the future', async () => {
    const exam = await finishedExam(strict);
    const key = trust.issue({ iin: exam.iin, keys });
    const response = await exam.sign(await signDetachedInNode(exam.pdf, key.p12, key.password, new Date('2049-06-01T00:00:00Z')));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('signing_time_future'));
  });

  it('refuses a CMS carrying 148 GOST authorities at no cost beyond a garbage one’s, while /api/health answers as usual', async () => {
    const exam = await finishedExam(lenient);
    const cms = makeManyAuthoritiesCms(exam.pdf, exam.iin);
    // what the sign route takes (64,000 base64 characters), as the attack sent it: 47 KB
    expect(cms.length).toBeGreaterThan(40_000);
    const timed = async (signature: Buffer) => {
      const started = performance.now();
      const response = await exam.sign(signature);
      return { response, ms: performance.now() - started };
    };
    const health = async () => {
      const started = performance.now();
      const response = await lenient.app.inject({ method: 'GET', url: '/api/health' });
      return { statusCode: response.statusCode, ms: performance.now() - started };
    };
    await exam.sign(cms); // the first call loads and compiles what signing needs
    // the route's own floor: a body as large read, the card rendered and the exam's row locked before the signature is
    const garbage = Buffer.alloc(cms.length, 1);
    const floor = Math.min((await timed(garbage)).ms, (await timed(garbage)).ms);
    const [refused, ...healthChecks] = await Promise.all([timed(cms), health(), health()]);
    console.log(
      `148-authority CMS (${cms.length} bytes) refused in ${refused.ms.toFixed(0)} ms (as much garbage in ${floor.toFixed(0)} ms); ` +
        `/api/health meanwhile in ${healthChecks.map((h) => h.ms.toFixed(0)).join(', ')} ms`,
    );
    expect(refused.response.statusCode).toBe(422);
    expect(refused.response.json()).toEqual(refusal('signature_too_many_certificates'));
    expect(refused.ms - floor).toBeLessThan(100);
    for (const check of healthChecks) {
      expect(check.statusCode).toBe(200);
      expect(check.ms).toBeLessThan(100);
    }
  });

  it('limits the signatures one examiner sends a minute', async () => {
    const exam = await finishedExam(lenient);
    const garbage = Buffer.from('not a CMS');
    for (let i = 0; i < SIGN_CALLS_PER_MINUTE; i += 1) expect((await exam.sign(garbage)).statusCode).toBe(422);
    const limited = await exam.sign(garbage);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: false });
  });

  it('tells an examiner whether a key could sign here, in their language, and nobody else', async () => {
    const exam = await finishedExam(strict);
    const check = (certificateDer: Uint8Array, headers: Record<string, string> = {}) =>
      strict.app.inject({
        method: 'POST',
        url: '/api/exam/signer-check',
        headers: { ...bearer(exam.token), ...headers },
        payload: { Certificate: Buffer.from(certificateDer).toString('base64') },
      });
    const key = trust.issue({ iin: exam.iin, keys });
    const trusted = await check(key.certificateDer);
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json()).toEqual({ status: true, message: '', data: { Trusted: true, Reason: null } });

    const revoked = trust.issue({ iin: exam.iin, keys });
    await trust.writeCrl({ revoked: [{ serial: serialOf(revoked) }], number: 21 });
    try {
      expect((await check(revoked.certificateDer, { 'accept-language': 'kk' })).json().data).toEqual({
        Trusted: false,
        Reason: messages.certificate_revoked.kk,
      });
    } finally {
      await trust.writeCrl();
    }
    expect((await check(makeSigningKey({ iin: exam.iin, keys }).certificateDer, { 'accept-language': 'en' })).json().data).toEqual({
      Trusted: false,
      Reason: messages.certificate_untrusted.en,
    });
    expect((await check(trust.issue({ iin: exam.iin, keys, usage: 'authentication' }).certificateDer)).json().data).toEqual({
      Trusted: false,
      Reason: messages.certificate_not_for_signing.ru,
    });

    for (const role of [Role.Admin, Role.Teacher, Role.Trainee, Role.Region]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/exam/signer-check',
        headers: bearer(await strict.tokenOf(role)),
        payload: { Certificate: Buffer.from(key.certificateDer).toString('base64') },
      });
      expect(response.statusCode, `role ${role}`).toBe(403);
    }
  });

  /**
   * RFC 5280's path rules and the forged GOST authority, each refused with its own reason whatever
   * NCA_REVOCATION_UNKNOWN says: an unverified or broken chain is never merely "revocation unknown".
   * GOST is verified in process here (no NCANode), as on a server that has none.
   */
  describe('refusing a chain that breaks a path rule', () => {
    const rules = {
      'a forged GOST 2012-256 anchor (not loaded: nothing here verifies its key)': 'certificate_untrusted',
      'a link a forged GOST 2012-256 intermediate "signed"': 'certificate_chain_invalid',
      'an issuer without basicConstraints': 'certificate_issuer_not_ca',
      'an intermediate below a root of pathLenConstraint 0': 'certificate_path_too_long',
      'an intermediate with an unknown critical extension': 'certificate_critical_extension_unknown',
      'an intermediate its authority signed with SHA-1': 'certificate_signature_sha1',
      'an expired intermediate': 'certificate_issuer_expired',
    } as const satisfies Record<string, keyof typeof messages>;
    type Signature = (pdf: Buffer, iin: string) => Promise<Buffer>;
    const signatures = {} as Record<keyof typeof rules | 'a well-formed intermediate', Signature>;
    /** a key `authority` issued, signed with, its certificate carried */
    const carriedChain =
      (authority: CertificateAuthority): Signature =>
      async (pdf, iin) =>
        carrying(await signatureBy(makeSigningKey({ iin, keys, issuer: authority }), pdf), [authority.certificateDer]);
    /** the attacker's own key, in a certificate "issued" by a GOST 2012-256 authority with random signature bytes */
    const forgedGost =
      (authorityDer: Uint8Array, carried: Uint8Array[]): Signature =>
      async (pdf, iin) => {
        const key = makeSigningKey({ iin, keys });
        const certificate = forgeGostIssued(key.certificateDer, authorityDer);
        return carrying(await signDetached(new Uint8Array(pdf), key.privateKeyPkcs8, certificate), carried);
      };

    beforeAll(async () => {
      const under = (name: string, shape: AuthorityShape = {}) => makeAuthority(name, { issuer: trust.authority, ...shape });
      // the reproduction: the forged authority itself among the trust anchors
      const forgedAnchor = makeForgedGostAuthority('GOST 2012-256 ANCHOR');
      await fs.writeFile(path.join(trust.trustDir, 'forged-gost-2012-256.cer'), forgedAnchor);
      const forgedIntermediate = makeForgedGostAuthority('GOST 2012-256 INTERMEDIATE', trust.authority);
      const shortRoot = makeAuthority('ROOT PATHLEN 0', { basicConstraints: { pathLength: 0 } });
      await fs.writeFile(path.join(trust.trustDir, 'root-pathlen-0.cer'), shortRoot.certificateDer);
      Object.assign(signatures, {
        'a forged GOST 2012-256 anchor (not loaded: nothing here verifies its key)': forgedGost(forgedAnchor, []),
        'a link a forged GOST 2012-256 intermediate "signed"': forgedGost(forgedIntermediate, [forgedIntermediate]),
        'an issuer without basicConstraints': carriedChain(under('NO BASIC CONSTRAINTS', { basicConstraints: false })),
        'an intermediate below a root of pathLenConstraint 0': carriedChain(makeAuthority('UNDER PATHLEN 0', { issuer: shortRoot })),
        'an intermediate with an unknown critical extension': carriedChain(under('UNKNOWN CRITICAL', { unknownCriticalExtension: true })),
        'an intermediate its authority signed with SHA-1': carriedChain(under('SHA-1 SIGNED', { hash: 'sha1' })),
        'an expired intermediate': carriedChain(under('EXPIRED INTERMEDIATE', { validity: 'expired' })),
        'a well-formed intermediate': carriedChain(under('WELL FORMED')),
      });
    });

    describe.each(['accept', 'refuse'] as const)('with NCA_REVOCATION_UNKNOWN=%s', (revocationUnknown) => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({ ...trust.settings, NCA_REVOCATION_UNKNOWN: revocationUnknown });
      });
      afterAll(() => t?.close());

      it.each(Object.entries(rules) as [keyof typeof rules, keyof typeof messages][])('refuses %s: %s', async (rule, reason) => {
        const exam = await finishedExam(t);
        const response = await exam.sign(await signatures[rule](exam.pdf, exam.iin));
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual(refusal(reason));
      });

      it('takes a well-formed intermediate’s chain to revocation, as the setting says', async () => {
        const exam = await finishedExam(t);
        const response = await exam.sign(await signatures['a well-formed intermediate'](exam.pdf, exam.iin));
        // the intermediate publishes no CRL here
        expect(response.json()).toEqual(
          revocationUnknown === 'accept' ? expect.objectContaining({ status: true }) : refusal('revocation_unknown'),
        );
      });
    });
  });
});

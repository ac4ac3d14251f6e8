import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readSigningCertificate } from '@oqu/contracts';
import { makeCrl, signDetached } from '@oqu/contracts/signing';
import { Integer } from 'asn1js';
import { Certificate } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError, unprocessable } from '../../../errors.js';
import { makeGostCrl, makeManyAuthoritiesCms } from '../../../test/gost-cms.js';
import { makeLargeCrl } from '../../../test/large-crl.js';
import { type OcspResponder, startOcspResponder } from '../../../test/ocsp-responder.js';
import {
  asGostIssued,
  forgeGostIssued,
  makeAuthority,
  makeForgedGostAuthority,
  makeSigningKey,
  makeTestTrust,
  signDetachedInNode,
  type TestTrust,
} from '../../../test/signing-keys.js';
import type { GostFamily } from '../gost/gost-algorithms.js';
import type { GostVerifier } from '../gost/gost-verifier.js';
import { InProcessGostVerifier } from '../gost/in-process.js';
import { buildChain } from './chain.js';
import { CrlStore } from './crl-store.js';
import { derObjectsOf } from './directory-files.js';
import { OCSP_MAX_BYTES, ocspStatus, readOcspResponse } from './ocsp.js';
import { NCA_TEST_TRUST_DIR, type TrustSettings } from './settings.js';
import { SignerTrust } from './signer-trust.js';
import { commonNameOf, derOf, verifyIssuedBy } from './x509.js';

const NCA_FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/nca');
const ncaCertificate = (file: string) => Certificate.fromBER(derObjectsOf(fs.readFileSync(file), 'CERTIFICATE')[0]);
const fixture = (name: string) => ncaCertificate(path.join(NCA_FIXTURES, name));
/** within the validity of NCA RK's test holders' certificates and of nca_rsa_test.crl */
const NOW = new Date('2022-06-01T00:00:00Z');

const refusalOf = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return `${error.statusCode} ${error.key}`;
    throw error;
  }
  return 'accepted';
};

const trustWith = (settings: Partial<TrustSettings>, gost: GostVerifier = new InProcessGostVerifier()) =>
  new SignerTrust({ trustDirs: [], crlDirs: [], revocationUnknown: 'refuse', ...settings }, gost);

let scratch: string;
beforeAll(async () => {
  scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'oqu-trust-unit-'));
});
afterAll(() => fsp.rm(scratch, { recursive: true, force: true }));

/** a directory of the scratch one holding these files */
async function directoryOf(name: string, files: Record<string, Uint8Array>) {
  const dir = path.join(scratch, name);
  await fsp.mkdir(dir, { recursive: true });
  for (const [file, bytes] of Object.entries(files)) await fsp.writeFile(path.join(dir, file), bytes);
  return dir;
}

describe('NCA RK’s test certificates', () => {
  const ncaTrust = trustWith({ trustDirs: [NCA_TEST_TRUST_DIR], crlDirs: [NCA_FIXTURES] });
  const rsaSigner = fixture('individual_valid_sign_2004_rsa.cer');
  const rsaAuthority = ncaCertificate(path.join(NCA_TEST_TRUST_DIR, 'nca_rsa_test.cer'));

  it('chain an RSA signing certificate to ҰКО 3.0 (RSA TEST), whose signature over it verifies', async () => {
    const chain = await ncaTrust.chainOf(rsaSigner, [], NOW);
    expect(chain.map((certificate) => commonNameOf(certificate.subject))).toEqual(['ТЕСТОВ ТЕСТ', 'ҰКО 3.0 (RSA TEST)']);
    expect(derOf(chain[1]).equals(derOf(rsaAuthority))).toBe(true);
    expect(await verifyIssuedBy(rsaSigner, rsaAuthority)).toBe(true);
  });

  it('take the authority’s real CRL, whose signature verifies, as the revocation evidence', async () => {
    const chain = await ncaTrust.chainOf(rsaSigner, [], NOW);
    expect(await ncaTrust.revocationOf(chain, NOW)).toEqual({
      method: 'crl',
      issuer: 'ҰКО 3.0 (RSA TEST)',
      number: '9',
      thisUpdate: '2022-03-29T04:18:29.000Z',
      nextUpdate: '2022-09-25T04:18:29.000Z',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // after its nextUpdate the CRL tells nothing, and the setting decides
    const later = new Date('2022-10-01T00:00:00Z');
    expect(await refusalOf(() => ncaTrust.revocationOf(chain, later))).toBe('422 revocation_unknown');
    const accepting = trustWith({ trustDirs: [NCA_TEST_TRUST_DIR], crlDirs: [NCA_FIXTURES], revocationUnknown: 'accept' });
    expect(await accepting.revocationOf(chain, later)).toEqual({ method: 'unknown', reason: 'no current CRL' });
  });

  it('refuse the holder’s authentication (AUTH) certificate', async () => {
    expect(await refusalOf(() => ncaTrust.chainOf(fixture('individual_valid_sign_2004_rsa_auth.cer'), [], NOW))).toBe(
      '422 certificate_not_for_signing',
    );
  });

  it('chain a GOST signing certificate to ҰКО 3.0 (GOST TEST), whose GOST signature over it verifies, and take its GOST CRL', async () => {
    const gostSigner = fixture('ceo_valid_sign_2004_gost.cer');
    const gostAuthority = ncaCertificate(path.join(NCA_TEST_TRUST_DIR, 'nca_gost_test.cer'));
    const chain = await ncaTrust.chainOf(gostSigner, [], NOW);
    expect(derOf(chain[1]).equals(derOf(gostAuthority))).toBe(true);
    expect(await verifyIssuedBy(gostSigner, gostAuthority)).toBe(true);
    expect(await ncaTrust.revocationOf(chain, NOW)).toMatchObject({ method: 'crl', issuer: 'ҰКО 3.0 (GOST TEST)' });

    // a byte of the authority's GOST key changed: its signature over the holder's certificate fails
    const tampered = Buffer.from(derOf(gostAuthority));
    const key = tampered.indexOf(Buffer.from(gostAuthority.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
    tampered[key + 20] ^= 0xff;
    const dir = await directoryOf('tampered-gost', { 'nca_gost_test.cer': tampered });
    expect(await refusalOf(() => trustWith({ trustDirs: [dir] }).chainOf(gostSigner, [], NOW))).toBe('422 certificate_chain_invalid');
  });

  it('are untrusted without their authority, and nothing is trusted without anchors', async () => {
    const gostOnly = await directoryOf('gost-only', { 'gost.cer': fs.readFileSync(path.join(NCA_TEST_TRUST_DIR, 'nca_gost_test.cer')) });
    expect(await refusalOf(() => trustWith({ trustDirs: [gostOnly] }).chainOf(rsaSigner, [], NOW))).toBe('422 certificate_untrusted');
    const empty = await directoryOf('empty', {});
    expect(await refusalOf(() => trustWith({ trustDirs: [empty] }).chainOf(rsaSigner, [], NOW))).toBe('422 trust_not_configured');
    expect(await refusalOf(() => trustWith({}).chainOf(rsaSigner, [], NOW))).toBe('422 trust_not_configured');
  });

  it('refuse a chain whose authority’s key was tampered with', async () => {
    const tampered = Buffer.from(derOf(rsaAuthority));
    // a byte inside the modulus of the authority's public key
    const modulus = tampered.indexOf(Buffer.from(rsaAuthority.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
    tampered[modulus + 40] ^= 0xff;
    const dir = await directoryOf('tampered', { 'nca_rsa_test.pem': pem(tampered) });
    expect(await refusalOf(() => trustWith({ trustDirs: [dir] }).chainOf(rsaSigner, [], NOW))).toBe('422 certificate_chain_invalid');
  });
});

const pem = (der: Uint8Array) =>
  Buffer.from(`-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`);

describe('an authority’s own keys', () => {
  let trust: TestTrust;
  const pdf = Buffer.from('%PDF-1.7\nВедомость\n%%EOF');
  beforeAll(async () => {
    trust = await makeTestTrust();
  });
  afterAll(() => trust.remove());
  const verifier = (gost?: GostVerifier) => trustWith({ trustDirs: [trust.trustDir], crlDirs: [trust.crlDir] }, gost);

  it('sign with the CRL as evidence, are refused once it lists them, and a CRL another key signed counts for nothing', async () => {
    const key = trust.issue({ iin: '850101300123' });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    const accepted = await verifier().verify(der, pdf, new Date());
    expect(accepted).toMatchObject({ keyFamily: 'RSA', issuer: trust.authority.name, revocation: { method: 'crl', number: '1' } });
    expect(accepted.chain).toEqual([
      Buffer.from(key.certificateDer).toString('base64'),
      Buffer.from(trust.authority.certificateDer).toString('base64'),
    ]);

    const { serial } = (await import('@oqu/contracts')).readSigningCertificate(key.certificateDer);
    await trust.writeCrl({ revoked: [{ serial }], number: 2 });
    expect(await refusalOf(() => verifier().verify(der, pdf, new Date()))).toBe('422 certificate_revoked');

    // the same name, another key: the CRL's signature does not verify with the authority's certificate
    const impostor = await makeTestTrust();
    const forged = await (await import('@oqu/contracts/signing')).makeCrl(
      { ...impostor.authority, certificateDer: trust.authority.certificateDer },
      { number: 3 },
    );
    await fsp.writeFile(path.join(trust.crlDir, 'test-ca.crl'), forged);
    await impostor.remove();
    expect(await refusalOf(() => verifier().verify(der, pdf, new Date()))).toBe('422 revocation_unknown');
    await trust.writeCrl();
  });

  it('are refused with a signingTime in the future, outside the certificate’s validity, or before the exam’s completion', async () => {
    const key = trust.issue({ iin: '850101300123' });
    const now = new Date();
    const signedAt = (offsetMs: number) => signDetachedInNode(pdf, key.p12, key.password, new Date(now.getTime() + offsetMs));
    const outcome = async (offsetMs: number, options?: { notBefore?: Date }) =>
      refusalOf(async () => verifier().verify(await signedAt(offsetMs), pdf, now, options));
    expect(await outcome(new Date('2049-01-01').getTime() - now.getTime())).toBe('422 signing_time_future');
    expect(await outcome(10 * 60_000)).toBe('422 signing_time_future');
    // the signer's clock may run a few minutes ahead
    expect(await outcome(3 * 60_000)).toBe('accepted');
    // the certificate was issued a day ago
    expect(await outcome(-2 * 86_400_000)).toBe('422 signing_time_outside_validity');
    const completedAt = new Date(now.getTime() - 30 * 60_000);
    expect(await outcome(-60 * 60_000, { notBefore: completedAt })).toBe('422 signing_time_before_completion');
    expect(await outcome(-60 * 60_000)).toBe('accepted');
    expect(await outcome(-20 * 60_000, { notBefore: completedAt })).toBe('accepted');
  });

  it('answer whether a bare certificate could sign: chain, key usage, validity and revocation, never asking for its IIN', async () => {
    const key = trust.issue({ iin: '850101300123' });
    const check = (der: Uint8Array, gost?: GostVerifier) => verifier(gost).signerRefusal(Buffer.from(der), new Date());
    expect(await check(key.certificateDer)).toBeNull();
    expect(await check(trust.issue({ iin: '850101300123', usage: 'authentication' }).certificateDer)).toBe('certificate_not_for_signing');
    expect(await check(trust.issue({ iin: '850101300123', validity: 'expired' }).certificateDer)).toBe('certificate_expired');
    expect(await check(makeSigningKey({ iin: '850101300123', keys: trust.authority.keys }).certificateDer)).toBe('certificate_untrusted');
    expect(await check(Buffer.from('not a certificate'))).toBe('certificate_malformed');
    const revoked = trust.issue({ iin: '850101300123' });
    await trust.writeCrl({ revoked: [{ serial: readSigningCertificate(revoked.certificateDer).serial }], number: 9 });
    expect(await check(revoked.certificateDer)).toBe('certificate_revoked');
    await trust.writeCrl({ thisUpdate: new Date(Date.now() - 10 * 86_400_000), nextUpdate: new Date(Date.now() - 86_400_000) });
    expect(await check(key.certificateDer)).toBe('revocation_unknown');
    await trust.writeCrl();
  });

  it('refuse a CMS carrying 148 GOST authorities within 100 ms, before any GOST arithmetic', async () => {
    const cms = makeManyAuthoritiesCms(pdf, '850101300123');
    const never: GostVerifier = { verifyCms: () => Promise.reject(new Error('not asked')) };
    await refusalOf(() => verifier(never).verify(cms, pdf, new Date())); // loads what verifying needs
    const started = performance.now();
    expect(await refusalOf(() => verifier(never).verify(cms, pdf, new Date()))).toBe('422 signature_too_many_certificates');
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuse a self-signed key', async () => {
    const key = makeSigningKey({ iin: '850101300123', keys: trust.authority.keys });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    expect(await refusalOf(() => verifier().verify(der, pdf, new Date()))).toBe('422 certificate_untrusted');
  });

  it('send a GOST signature to the GOST verifier before any chain is built, and build it once the signature holds', async () => {
    const key = trust.issue({ iin: '850101300123' });
    const der = Buffer.from(await signDetached(new Uint8Array(pdf), key.privateKeyPkcs8, asGostIssued(key.certificateDer)));
    // a signature the verifier refuses is refused as such: no chain, no anchors read (none are configured here)
    const refusing: GostVerifier = { verifyCms: () => Promise.reject(unprocessable('signature_invalid')) };
    expect(await refusalOf(() => trustWith({}, refusing).verify(der, pdf, new Date()))).toBe('422 signature_invalid');
    // an RSA authority never signs a GOST certificate: the verified signature's chain is refused
    const accepting: GostVerifier = { verifyCms: async () => ({ revocation: null }) };
    expect(await refusalOf(() => verifier(accepting).verify(der, pdf, new Date()))).toBe('422 certificate_chain_invalid');
    const gostAuthority = await directoryOf('gost-authority', { 'ca.cer': asGostIssued(trust.authority.certificateDer) });
    const asked: Buffer[] = [];
    const gost: GostVerifier = {
      checksChain: true,
      async verifyCms(cms, content) {
        asked.push(cms, content);
        return { revocation: { method: 'ncanode', url: 'http://ncanode.test', revocations: [] } };
      },
    };
    const gostTrust = trustWith({ trustDirs: [gostAuthority] }, gost);
    const accepted = await gostTrust.verify(der, pdf, new Date());
    expect(asked).toEqual([der, pdf]);
    expect(accepted).toMatchObject({ keyFamily: 'GOST', revocation: { method: 'ncanode' } });
  });
});

describe('NCA RK’s test OCSP responses', () => {
  const response = fs.readFileSync(path.join(NCA_FIXTURES, 'ocsp_response_individual_sign_2004.bin'));
  const authority = ncaCertificate(path.join(NCA_TEST_TRUST_DIR, 'nca_rsa_test.cer'));
  // the certificate the response is about, and a moment it was fresh
  const serial = new Integer({ valueHex: new Uint8Array(Buffer.from('4279390a141f5353a62947b61ed65e81741467d1', 'hex')).buffer });
  const at = new Date('2022-09-02T17:00:00Z');

  it('verify by a responder certificate the authority issued for OCSP signing, and answer good', async () => {
    expect(await readOcspResponse(response, serial, authority, at, 'http://ocsp.test')).toEqual({
      status: 'good',
      evidence: { method: 'ocsp', url: 'http://ocsp.test', producedAt: '2022-09-02T16:53:59.000Z', response: response.toString('base64') },
    });
  });

  it('count for nothing when stale, about another authority’s certificate, or altered', async () => {
    expect(await readOcspResponse(response, serial, authority, new Date('2022-09-03T00:00:00Z'), 'http://ocsp.test')).toBeNull();
    expect(
      await readOcspResponse(response, serial, ncaCertificate(path.join(NCA_TEST_TRUST_DIR, 'nca_gost_test.cer')), at, 'x'),
    ).toBeNull();
    // the response's own signature covers its producedAt: change a digit of it
    const altered = Buffer.from(response);
    const producedAt = altered.indexOf(Buffer.from('20220902165359Z'));
    altered[producedAt + 13] = '8'.charCodeAt(0);
    expect(await readOcspResponse(altered, serial, authority, at, 'http://ocsp.test')).toBeNull();
  });
});

describe('a chain through an intermediate authority', () => {
  let root: TestTrust;
  beforeAll(async () => {
    root = await makeTestTrust();
  });
  afterAll(() => root.remove());

  it('reaches the root through the intermediate the signature carries, and is refused once the root’s CRL revokes it', async () => {
    const intermediate = makeAuthority('ҰКО TEST 2 (RSA)', { issuer: root.authority });
    const key = makeSigningKey({ iin: '850101300123', issuer: intermediate });
    const carried = [Certificate.fromBER(intermediate.certificateDer)];
    const signer = Certificate.fromBER(key.certificateDer);
    const trust = trustWith({ trustDirs: [root.trustDir], crlDirs: [root.crlDir] });
    expect(await refusalOf(() => trust.chainOf(signer, [], new Date()))).toBe('422 certificate_untrusted');
    const chain = await trust.chainOf(signer, carried, new Date());
    expect(chain.map((certificate) => commonNameOf(certificate.subject))).toEqual(['Иванов Иван', 'ҰКО TEST 2 (RSA)', root.authority.name]);

    await fsp.writeFile(path.join(root.crlDir, 'intermediate.crl'), await makeCrl(intermediate));
    expect(await trust.revocationOf(chain, new Date())).toMatchObject({ method: 'crl', issuer: 'ҰКО TEST 2 (RSA)' });
    await root.writeCrl({ revoked: [{ serial: readSigningCertificate(intermediate.certificateDer).serial }], number: 2 });
    expect(await refusalOf(() => trust.revocationOf(chain, new Date()))).toBe('422 certificate_revoked');
  });
});

describe('national-size CRLs', () => {
  let trust: TestTrust;
  beforeAll(async () => {
    trust = await makeTestTrust();
  });
  afterAll(() => trust.remove());
  const crlFile = (name: string, der: Uint8Array) => fsp.writeFile(path.join(trust.crlDir, name), der);
  const holder = () => {
    const key = trust.issue({ iin: '850101300123' });
    return { key, serial: readSigningCertificate(key.certificateDer).serial };
  };
  const trustedWith = (settings: Partial<TrustSettings> = {}) =>
    trustWith({ trustDirs: [trust.trustDir], crlDirs: [trust.crlDir], ...settings });
  const revocation = (key: { certificateDer: Uint8Array }, trusted = trustedWith()) =>
    refusalOf(async () => {
      const chain = await trusted.chainOf(Certificate.fromBER(new Uint8Array(key.certificateDer)), [], new Date());
      return trusted.revocationOf(chain, new Date());
    });

  it('revoke a serial listed among 4,000 and among 500,000 entries, and vouch for one that is not', async () => {
    const { key, serial } = holder();
    const other = holder();
    await crlFile('test-ca.crl', makeLargeCrl(trust.authority, { count: 4_000, revoked: [serial], number: 2 }));
    expect(await revocation(key)).toBe('422 certificate_revoked');
    expect(await revocation(key, trustedWith({ revocationUnknown: 'accept' }))).toBe('422 certificate_revoked');
    await crlFile('test-ca.crl', makeLargeCrl(trust.authority, { count: 500_000, revoked: [serial], number: 3 }));
    const trusted = trustedWith();
    expect(await revocation(key, trusted)).toBe('422 certificate_revoked');
    expect(await revocation(other.key, trusted)).toBe('accepted');
    await trust.writeCrl();
  });

  it('revoke by a delta CRL alone, but vouch for nothing without a complete CRL', async () => {
    const { key, serial } = holder();
    await fsp.rm(path.join(trust.crlDir, 'test-ca.crl'));
    await crlFile('test-ca-delta.crl', makeLargeCrl(trust.authority, { count: 10, revoked: [serial], number: 5, deltaOf: 4 }));
    expect(await revocation(key)).toBe('422 certificate_revoked');
    expect(await revocation(holder().key)).toBe('422 revocation_unknown');
    // with its base at hand, the delta still revokes what the base does not list
    await trust.writeCrl({ number: 4 });
    expect(await revocation(key)).toBe('422 certificate_revoked');
    expect(await revocation(holder().key)).toBe('accepted');
    await fsp.rm(path.join(trust.crlDir, 'test-ca-delta.crl'));
  });

  it('tell a CRL that cannot be read, and leave its authority’s certificates unknown, never good', async () => {
    const { key } = holder();
    const good = await revocation(key);
    expect(good).toBe('accepted');
    const broken = makeLargeCrl(trust.authority, { count: 5_000 }).subarray(0, 100_000);
    await crlFile('test-ca.crl', broken);
    const trusted = trustedWith();
    expect(await revocation(key, trusted)).toBe('422 revocation_unknown');
    expect(await trusted.crlProblems(new Date())).toEqual([{ file: 'test-ca.crl', problem: 'unreadable', detail: 'truncated' }]);
    // an expired CRL is told too
    await trust.writeCrl({ thisUpdate: new Date(Date.now() - 10 * 86_400_000), nextUpdate: new Date(Date.now() - 86_400_000) });
    expect(await trusted.crlProblems(new Date())).toEqual([
      { file: 'test-ca.crl', problem: 'expired', detail: expect.stringMatching(/^next update was due /) },
    ]);
    await trust.writeCrl();
    expect(await trusted.crlProblems(new Date())).toEqual([]);
  });

  it('tell, once the background reread verified it, a CRL whose signature the authority’s certificate refuses', async () => {
    const impostor = await makeTestTrust();
    await crlFile('test-ca.crl', makeLargeCrl({ ...impostor.authority, certificateDer: trust.authority.certificateDer }, { count: 10 }));
    await impostor.remove();
    const errors: object[] = [];
    const trusted = trustedWith();
    trusted.watchCrls({ error: (details: object) => errors.push(details), warn: () => {}, info: () => {} });
    try {
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      expect(await trusted.crlProblems(new Date())).toEqual([
        { file: 'test-ca.crl', problem: 'unverified', detail: 'its signature does not verify with its authority’s certificate' },
      ]);
    } finally {
      trusted.close();
      await trust.writeCrl();
    }
    expect(await trusted.crlProblems(new Date())).toEqual([]);
  });

  it('log a CRL that cannot be read once, as soon as the background reread finds it', async () => {
    await crlFile('test-ca.crl', Buffer.from('<html>502 Bad Gateway</html>'));
    const errors: object[] = [];
    const log = { error: (details: object) => errors.push(details), warn: () => {}, info: () => {} };
    const trusted = trustedWith();
    trusted.watchCrls(log);
    try {
      await vi.waitFor(() => expect(errors).toEqual([expect.objectContaining({ file: path.join(trust.crlDir, 'test-ca.crl') })]));
      await trusted.crlProblems(new Date());
      expect(errors).toHaveLength(1);
    } finally {
      trusted.close();
      await trust.writeCrl();
    }
  });
});

describe('asking an OCSP responder', () => {
  let trust: TestTrust;
  let responder: OcspResponder;
  let proxy: http.Server;
  let base: string;
  beforeAll(async () => {
    trust = await makeTestTrust();
    responder = await startOcspResponder(trust.authority);
    // /moved: a redirect to the real responder; /padded: the real responder's answer, padded past the limit
    proxy = http.createServer((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(307, { location: responder.url }).end();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const answer = await fetch(responder.url, {
          method: 'POST',
          headers: { 'content-type': 'application/ocsp-request' },
          body: Buffer.concat(chunks),
        });
        const padded = Buffer.concat([Buffer.from(await answer.arrayBuffer()), Buffer.alloc(OCSP_MAX_BYTES)]);
        response.writeHead(200, { 'content-type': 'application/ocsp-response' }).end(padded);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await responder.close();
    await trust.remove();
  });

  it('takes the responder’s own answer, but no redirect and no answer larger than the limit', async () => {
    const certificate = Certificate.fromBER(trust.issue({ iin: '850101300123' }).certificateDer);
    const issuer = Certificate.fromBER(trust.authority.certificateDer);
    expect(await ocspStatus(responder.url, certificate, issuer, new Date())).toMatchObject({ status: 'good' });
    const asked = responder.requests;
    expect(await ocspStatus(`${base}/moved`, certificate, issuer, new Date())).toBeNull();
    expect(responder.requests).toBe(asked);
    expect(await ocspStatus(`${base}/padded`, certificate, issuer, new Date())).toBeNull();
    expect(responder.requests).toBe(asked + 1);
  });
});

describe('what nothing here can verify', () => {
  const forgedAnchor = makeForgedGostAuthority('GOST 2012-256 ANCHOR');
  const signer = () => {
    const key = makeSigningKey({ iin: '850101300123' });
    return Certificate.fromBER(forgeGostIssued(key.certificateDer, forgedAnchor));
  };
  const ncaNode: GostVerifier = { checksChain: true, verifyCms: () => Promise.reject(new Error('not asked')) };

  it('is no link: a GOST 2012-256 authority’s certificate does not verify without NCANode, with it only when NCANode verified the signature', async () => {
    const anchors = [Certificate.fromBER(forgedAnchor)];
    expect(await refusalOf(() => buildChain(signer(), [], anchors, new Date()))).toBe('422 certificate_chain_invalid');
    // NCANode's answer about a GOST signature covers its chain (SignerTrust sets this only then)
    const chain = await buildChain(signer(), [], anchors, new Date(), { gostLinksVerifiedByNcaNode: true });
    expect(chain).toHaveLength(2);
  });

  it('leaves out a trust anchor whose key nothing configured verifies, with one warning naming its file', async () => {
    const root = await makeTestTrust();
    try {
      const file = path.join(root.trustDir, 'forged-gost.cer');
      await fsp.writeFile(file, forgedAnchor);
      const warnings: object[] = [];
      const log = { warn: (details: object) => warnings.push(details), error: () => {}, info: () => {} };
      const inProcess = trustWith({ trustDirs: [root.trustDir] });
      inProcess.watchCrls(log);
      await vi.waitFor(() => expect(warnings).toEqual([expect.objectContaining({ file })]));
      const leaf = root.issue({ iin: '850101300123' });
      // the other anchor still counts, and the chain never reaches the one left out
      expect(await inProcess.chainOf(Certificate.fromBER(leaf.certificateDer), [], new Date())).toHaveLength(2);
      expect(await refusalOf(() => inProcess.chainOf(signer(), [], new Date()))).toBe('422 certificate_untrusted');
      expect(warnings).toHaveLength(1);
      inProcess.close();

      // NCANode verifies GOST chains of any family: the anchor is kept, unwarned
      const withNcaNode = trustWith({ trustDirs: [root.trustDir] }, ncaNode);
      const none: object[] = [];
      withNcaNode.watchCrls({ ...log, warn: (details: object) => none.push(details) });
      expect(await refusalOf(() => withNcaNode.chainOf(signer(), [], new Date()))).toBe('422 certificate_chain_invalid');
      expect(none).toEqual([]);
      withNcaNode.close();
    } finally {
      await root.remove();
    }
  });

  it('is no revocation evidence: a CRL with a signature nothing here verifies tells neither good nor revoked', async () => {
    const holder = signer();
    const crl = makeGostCrl(
      {
        family: { signatureAlgorithm: '1.2.643.7.1.1.3.2' } as GostFamily,
        certificateDer: Buffer.from(forgedAnchor),
        sign: () => randomBytes(64),
      },
      { revoked: [Buffer.from(derOf(holder))] },
    );
    const dir = await directoryOf('forged-gost-crl', { 'forged.crl': crl });
    expect(await new CrlStore([dir]).statusOf(holder, Certificate.fromBER(forgedAnchor), new Date())).toBeNull();
  });
});

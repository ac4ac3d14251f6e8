import { Certificate, CertificateRevocationList } from 'pkijs';
import { describe, expect, it } from 'vitest';
import { GOST_2004, GOST_2015, makeGostTestKey, ncaTestFile } from '../../../test/gost-cms.js';
import { gostDigest, gostFamilyOf, verifyGostSignature } from './gost-algorithms.js';
import { gostKeyOf, verifySignedByGostKey } from './gost-keys.js';

/** The issuer's key verifies the certificate's signature over its tbsCertificate, the way NCA RK signed it. */
function verifiesIssued(certificateDer: Buffer, issuerDer: Buffer, tamper = false) {
  const certificate = Certificate.fromBER(new Uint8Array(certificateDer));
  const issuer = Certificate.fromBER(new Uint8Array(issuerDer));
  const tbs = new Uint8Array(certificate.tbsView);
  if (tamper) tbs[tbs.length - 1] ^= 1;
  return {
    family: gostKeyOf(issuer.subjectPublicKeyInfo)?.family.name,
    valid: verifySignedByGostKey(issuer.subjectPublicKeyInfo, tbs, certificate.signatureValue.valueBlock.valueHexView),
  };
}

/** The authority's key verifies its CRL's signature over the tbsCertList. */
function verifiesCrl(crlDer: Buffer, issuerDer: Buffer, tamper = false) {
  const crl = CertificateRevocationList.fromBER(new Uint8Array(crlDer));
  const tbs = new Uint8Array(crl.tbsView);
  if (tamper) tbs[tbs.length - 1] ^= 1;
  return verifySignedByGostKey(
    Certificate.fromBER(new Uint8Array(issuerDer)).subjectPublicKeyInfo,
    tbs,
    crl.signatureValue.valueBlock.valueHexView,
  );
}

describe('GOST as NCA RK computes it (its public test certificates as vectors)', () => {
  it('verifies a GOST 34.310-2004 certificate issued by ҰКО 3.0 (GOST TEST)', () => {
    const issued = ncaTestFile('ceo_valid_sign_2004_gost.cer');
    expect(verifiesIssued(issued, ncaTestFile('nca_gost_test.cer'))).toEqual({ family: 'GOST 34.310-2004', valid: true });
    expect(verifiesIssued(issued, ncaTestFile('nca_gost_test.cer'), true).valid).toBe(false);
  });

  it('verifies GOST 34.10-2015 certificates issued by ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) TEST 2022', () => {
    for (const name of ['individual_valid_2015_gost.cer', 'ceo_revoked_2015_gost.cer']) {
      const issued = ncaTestFile(name);
      expect(verifiesIssued(issued, ncaTestFile('nca_gost2015_test.cer'))).toEqual({ family: 'GOST 34.10-2015 (512)', valid: true });
      expect(verifiesIssued(issued, ncaTestFile('nca_gost2015_test.cer'), true).valid).toBe(false);
    }
  });

  it('refuses a certificate under an issuer key of the other family or another authority', () => {
    expect(verifiesIssued(ncaTestFile('ceo_valid_sign_2004_gost.cer'), ncaTestFile('nca_gost2015_test.cer')).valid).toBe(false);
    expect(verifiesIssued(ncaTestFile('individual_valid_2015_gost.cer'), ncaTestFile('nca_gost_test.cer')).valid).toBe(false);
  });

  it('verifies the GOST authorities’ CRLs', () => {
    expect(verifiesCrl(ncaTestFile('nca_gost_test.crl'), ncaTestFile('nca_gost_test.cer'))).toBe(true);
    expect(verifiesCrl(ncaTestFile('nca_gost_test.crl'), ncaTestFile('nca_gost_test.cer'), true)).toBe(false);
    expect(verifiesCrl(ncaTestFile('nca_gost2022_test.crl'), ncaTestFile('nca_gost2015_test.cer'))).toBe(true);
    expect(verifiesCrl(ncaTestFile('nca_gost2022_test.crl'), ncaTestFile('nca_gost2015_test.cer'), true)).toBe(false);
  });

  it('issues test certificates the same way: a test authority’s key verifies what it issued', () => {
    for (const family of [GOST_2004, GOST_2015]) {
      const authority = makeGostTestKey(family, { commonName: 'ТЕСТ ҰКО', usage: 'authority' });
      const holder = makeGostTestKey(family, { iin: '123456789011', issuer: authority });
      expect(verifiesIssued(holder.certificateDer, authority.certificateDer)).toEqual({ family: family.name, valid: true });
      expect(verifiesIssued(holder.certificateDer, holder.certificateDer).valid).toBe(false);
    }
  });

  it('never takes a degenerate signature or key for a valid one', () => {
    for (const family of [GOST_2004, GOST_2015]) {
      const n = family.keyLength;
      const data = Buffer.from('anything');
      const { key } = gostKeyOf(Certificate.fromBER(new Uint8Array(makeGostTestKey(family).certificateDer)).subjectPublicKeyInfo)!;
      const withOne = (at: number) => Uint8Array.from({ length: n }, (_, i) => (i === at ? 1 : 0));
      for (const signature of [new Uint8Array(n), withOne(0), withOne(n / 2), new Uint8Array(n / 2), new Uint8Array(0)]) {
        expect(verifyGostSignature(family, key, signature, data)).toBe(false);
        expect(verifyGostSignature(family, new Uint8Array(n), signature, data)).toBe(false);
      }
    }
  });

  it('has no GOST verdict for an RSA authority', () => {
    expect(verifiesIssued(ncaTestFile('individual_valid_sign_2004_rsa.cer'), ncaTestFile('nca_rsa_test.cer')).valid).toBeUndefined();
  });

  it('hashes with GOST R 34.11-94 under the test S-box and with Streebog-512 (published test vectors)', () => {
    // GOST R 34.11-94 with the test parameters, the standard's example 1
    expect(gostDigest(GOST_2004, Buffer.from('This is message, length=32 bytes')).toString('hex')).toBe(
      'b1c466d37519b82e8319819ff32595e047a28cb6f83eff1c6916a815a637fffa',
    );
    // RFC 6986 §10.1 example 1 (GOST R 34.11-2012, 512 bits): its M1 is these 63 ASCII bytes, printed as a number
    expect(gostDigest(GOST_2015, Buffer.from('012345678901234567890123456789012345678901234567890123456789012')).toString('hex')).toBe(
      '1b54d01a4af5b9d5cc3d86d68d285462b19abc2475222f35c085122be4ba1ffa00ad30f8767b3a82384c6574f024c311e2a481332b08ef7f41797891c1646f48',
    );
  });

  it('knows only the two NCA RK families', () => {
    expect(gostFamilyOf('1.2.398.3.10.1.1.1.1', '1.2.398.3.10.1.1.1.1.1')?.name).toBe('GOST 34.310-2004');
    expect(gostFamilyOf('1.2.398.3.10.1.1.2.2', '1.2.398.3.10.1.1.2.2.1')?.name).toBe('GOST 34.10-2015 (512)');
    expect(gostFamilyOf('1.2.398.3.10.1.1.2.1', '1.2.398.3.10.1.1.2.1.1')).toBeUndefined();
    expect(gostFamilyOf('1.2.840.113549.1.1.1', undefined)).toBeUndefined();
  });
});

import { performance } from 'node:perf_hooks';
import { makeCertificateAuthority, makeCrl } from '@oqu/contracts/signing';
import { Certificate, CertificateRevocationList } from 'pkijs';
import { describe, expect, it } from 'vitest';
import { fillerSerial, makeLargeCrl } from '../../../test/large-crl.js';
import { readCrl } from './crl-reader.js';
import { verifyAuthoritySignature } from './x509.js';

const authority = makeCertificateAuthority({ name: 'ҰКО TEST (RSA) large CRL' });
const key = Certificate.fromBER(authority.certificateDer).subjectPublicKeyInfo;
const keyOf = (hex: string) => new Uint8Array(Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex'));
const MB = 1024 * 1024;

describe('reading a CRL by walking its DER', () => {
  it('reads what pkijs reads of a small CRL, and its signature verifies over the tbsCertList it found', async () => {
    const der = await makeCrl(authority, { revoked: [{ serial: '00ff01' }, { serial: '7a' }], number: 12 });
    const read = await readCrl(der);
    const crl = CertificateRevocationList.fromBER(der);
    expect(read.revoked.size).toBe(2);
    // a serial is the same number with or without leading zero bytes
    for (const serial of ['ff01', '00ff01', '7a', '007a']) expect(read.revoked.has(keyOf(serial)), serial).toBe(true);
    for (const serial of ['ff', '01', 'ff0100', '7b']) expect(read.revoked.has(keyOf(serial)), serial).toBe(false);
    expect(read).toMatchObject({ number: '12', isDelta: false, thisUpdate: crl.thisUpdate.value, nextUpdate: crl.nextUpdate?.value });
    expect(read.issuer.isEqual(crl.issuer)).toBe(true);
    expect(Buffer.from(read.tbs).equals(Buffer.from(crl.tbsView))).toBe(true);
    expect(await verifyAuthoritySignature(read.tbs, read.signatureAlgorithm, read.signature, key)).toBe(true);
  });

  it('refuses what is no CRL: cut short, trailing bytes, a certificate', async () => {
    const der = await makeCrl(authority, { revoked: [{ serial: '01' }] });
    await expect(readCrl(der.subarray(0, der.length - 5))).rejects.toThrow();
    await expect(readCrl(Buffer.concat([der, Buffer.from([0])]))).rejects.toThrow();
    await expect(readCrl(authority.certificateDer)).rejects.toThrow();
  });

  it('takes an entry whose reason is removeFromCRL for no revocation (a delta CRL’s release from hold)', async () => {
    const read = await readCrl(
      makeLargeCrl(authority, {
        count: 0,
        revoked: [
          { serial: '0a', reason: 8 },
          { serial: '0b', reason: 1 },
          { serial: '0c', reason: 6 },
        ],
        number: 3,
        deltaOf: 2,
      }),
    );
    expect([keyOf('0a'), keyOf('0b'), keyOf('0c')].map((serial) => read.revoked.has(serial))).toEqual([false, true, true]);
  });

  it('reads the delta CRL indicator', async () => {
    const read = await readCrl(makeLargeCrl(authority, { count: 3, number: 8, deltaOf: 7 }));
    expect(read).toMatchObject({ number: '8', isDelta: true });
    expect(read.revoked.size).toBe(3);
  });

  // NCA RK's CRLs list hundreds of thousands of serials; pkijs (asn1js) stops at about 3,300
  it.each([1_000, 100_000, 500_000])(
    'reads a %i-entry CRL, whose signature verifies, and looks serials up in well under 1 ms',
    async (count) => {
      const revokedSerial = '4279390a141f5353a62947b61ed65e81741467d1';
      const der = makeLargeCrl(authority, { count, revoked: [revokedSerial] });
      const started = performance.now();
      const read = await readCrl(der);
      const parseMs = performance.now() - started;

      expect(read.revoked.size).toBe(count + 1);
      expect(read.revoked.has(keyOf(revokedSerial))).toBe(true);
      expect(read.revoked.has(keyOf(fillerSerial(count - 1)))).toBe(true);
      expect(read.revoked.has(keyOf('4279390a141f5353a62947b61ed65e81741467d2'))).toBe(false);

      const verifyStarted = performance.now();
      expect(await verifyAuthoritySignature(read.tbs, read.signatureAlgorithm, read.signature, key)).toBe(true);
      const verifyMs = performance.now() - verifyStarted;

      const lookups = 10_000;
      const probes = Array.from({ length: lookups }, (_, i) => keyOf(fillerSerial((i * 7919) % (count * 2))));
      const lookupStarted = performance.now();
      let found = 0;
      for (const probe of probes) if (read.revoked.has(probe)) found += 1;
      const perLookupMs = (performance.now() - lookupStarted) / lookups;
      expect(found).toBeGreaterThan(0);
      expect(perLookupMs).toBeLessThan(1);

      console.log(
        `CRL of ${count} entries (${(der.length / MB).toFixed(1)} MB): parsed in ${parseMs.toFixed(0)} ms, ` +
          `its serials in ${(read.revoked.bytes / MB).toFixed(1)} MB, signature verified in ${verifyMs.toFixed(0)} ms, ${(perLookupMs * 1000).toFixed(2)} µs a lookup`,
      );
    },
  );
});

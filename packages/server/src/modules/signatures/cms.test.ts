import { signDetached } from '@oqu/contracts/signing';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { asGostCertificate, generateRsaKeys, makeSigningKey, signDetachedInNode } from '../../test/signing-keys.js';
import { verifyDetachedSignature } from './cms.js';

const IIN = '850101300123';
const pdf = Buffer.from('%PDF-1.7\nВедомость экзамена ЭК-1-2026 — Әбілқасымова Ғалия\n%%EOF');
let keys: ReturnType<typeof generateRsaKeys>;
beforeAll(() => {
  keys = generateRsaKeys();
});

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.statusCode} ${error.key}`;
    throw error;
  }
  return 'accepted';
};

describe('verifying a detached signature', () => {
  it('accepts what the browser’s code signs, and reads the Cyrillic holder, IIN and serial', async () => {
    const key = makeSigningKey({ iin: IIN, keys, surname: 'Сейітқалиев', givenName: 'Нұрлан' });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    const verified = verifyDetachedSignature(der, pdf, new Date());
    expect(verified.certificate.holder).toBe('Сейітқалиев Нұрлан');
    expect(verified.certificate.iin).toBe(IIN);
    expect(verified.certificate.serial).toMatch(/^[0-9a-f]+$/);
    expect(Math.abs(verified.signingTime.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('tells a valid signature over other bytes from a broken one', async () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    expect(refusalOf(() => verifyDetachedSignature(der, Buffer.concat([pdf, Buffer.from(' ')]), new Date()))).toBe(
      '422 signature_content_mismatch',
    );
    // flip a bit of the signature value, the last bytes of the DER
    const broken = Buffer.from(der);
    broken[broken.length - 5] ^= 1;
    expect(refusalOf(() => verifyDetachedSignature(broken, pdf, new Date()))).toBe('422 signature_invalid');
    expect(refusalOf(() => verifyDetachedSignature(Buffer.from('not a signature'), pdf, new Date()))).toBe('422 signature_malformed');
  });

  it('refuses an expired, a not yet valid and an encryption-only certificate', async () => {
    for (const [options, reason] of [
      [{ validity: 'expired' }, 'certificate_expired'],
      [{ validity: 'notYetValid' }, 'certificate_not_yet_valid'],
      [{ usage: 'encipherment' }, 'certificate_not_for_signing'],
    ] as const) {
      const key = makeSigningKey({ iin: IIN, keys, ...options });
      const der = await signDetachedInNode(pdf, key.p12, key.password);
      expect(refusalOf(() => verifyDetachedSignature(der, pdf, new Date()))).toBe(`422 ${reason}`);
    }
  });

  it('refuses a GOST certificate with its own message', async () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const der = await signDetached(new Uint8Array(pdf), key.privateKeyPkcs8, asGostCertificate(key.certificateDer));
    expect(refusalOf(() => verifyDetachedSignature(Buffer.from(der), pdf, new Date()))).toBe('422 gost_not_supported');
  });
});

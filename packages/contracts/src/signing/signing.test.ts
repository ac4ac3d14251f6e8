import { beforeAll, describe, expect, it } from 'vitest';
import { certificateRefusals, readSigningCertificate } from '../signing-certificate.js';
import { signDetached } from './cms.js';
import { asGostCertificate, generateRsaKeys, makeSigningKey } from './keys.js';
import { KeyFileError, openPkcs12 } from './pkcs12.js';

const IIN = '850101300123';
let keys: ReturnType<typeof generateRsaKeys>;
beforeAll(() => {
  keys = generateRsaKeys();
});

const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

describe('opening a key file in the browser', () => {
  it('opens a legacy 3DES/RC2-40 file and reads the Cyrillic holder and IIN', () => {
    const key = makeSigningKey({ iin: IIN, keys, surname: 'Әбілқасымова', givenName: 'Ғалия' });
    const opened = openPkcs12(buffer(key.p12), key.password);
    expect(opened.certificate.holder).toBe('Әбілқасымова Ғалия');
    expect(opened.certificate.surname).toBe('Әбілқасымова');
    expect(opened.certificate.givenName).toBe('Ғалия');
    expect(opened.certificate.iin).toBe(IIN);
    expect(opened.certificate.usages).toEqual(['digitalSignature', 'nonRepudiation']);
    expect(opened.certificate.isGost).toBe(false);
    expect(opened.certificateDer).toEqual(key.certificateDer);
    expect(opened.privateKey).toEqual(key.privateKeyPkcs8);
  });

  it('really encrypts the legacy certificate bag with RC2-40 and the key with 3DES', () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const hex = Buffer.from(key.p12).toString('hex');
    // the DER of OIDs 1.2.840.113549.1.12.1.6 (RC2-40) and 1.2.840.113549.1.12.1.3 (3DES)
    expect(hex).toContain('2a864886f70d010c0106');
    expect(hex).toContain('2a864886f70d010c0103');
    // no certificate in the clear: the holder's name is not in the file
    expect(Buffer.from(key.p12).includes(Buffer.from('Иванов'))).toBe(false);
  });

  it('opens a modern AES-256 file', () => {
    const key = makeSigningKey({ iin: IIN, keys, encryption: 'aes256' });
    expect(openPkcs12(buffer(key.p12), key.password).certificate.iin).toBe(IIN);
  });

  it('says the password is wrong, and that other bytes are no key file', () => {
    const key = makeSigningKey({ iin: IIN, keys });
    expect(() => openPkcs12(buffer(key.p12), 'wrong')).toThrow(new KeyFileError('wrongPassword'));
    const aes = makeSigningKey({ iin: IIN, keys, encryption: 'aes256' });
    expect(() => openPkcs12(buffer(aes.p12), 'wrong')).toThrow(new KeyFileError('wrongPassword'));
    expect(() => openPkcs12(buffer(new TextEncoder().encode('%PDF-1.7')), 'x')).toThrow(new KeyFileError('notPkcs12'));
  });
});

describe('the checks before signing', () => {
  const now = new Date();
  const refusalsOf = (der: Uint8Array<ArrayBuffer>, iin = IIN) => certificateRefusals(readSigningCertificate(der), iin, now);

  it('accepts the examiner’s own valid signing key', () => {
    expect(refusalsOf(makeSigningKey({ iin: IIN, keys, now }).certificateDer)).toEqual([]);
  });

  it('refuses another person’s key, an expired or not yet valid one, an authentication or encryption key, and GOST where asked', () => {
    expect(refusalsOf(makeSigningKey({ iin: IIN, keys, now }).certificateDer, '900202400456')).toEqual(['signature_iin_mismatch']);
    expect(refusalsOf(makeSigningKey({ iin: IIN, keys, now, validity: 'expired' }).certificateDer)).toEqual(['certificate_expired']);
    expect(refusalsOf(makeSigningKey({ iin: IIN, keys, now, validity: 'notYetValid' }).certificateDer)).toEqual([
      'certificate_not_yet_valid',
    ]);
    expect(refusalsOf(makeSigningKey({ iin: IIN, keys, now, usage: 'encipherment' }).certificateDer)).toEqual([
      'certificate_not_for_signing',
    ]);
    // NCA RK's AUTH_… keys: digitalSignature without nonRepudiation
    expect(refusalsOf(makeSigningKey({ iin: IIN, keys, now, usage: 'authentication' }).certificateDer)).toEqual([
      'certificate_not_for_signing',
    ]);
    const gost = readSigningCertificate(asGostCertificate(makeSigningKey({ iin: IIN, keys, now }).certificateDer));
    expect(gost.isGost).toBe(true);
    expect(certificateRefusals(gost, IIN, now)).toEqual(['gost_not_supported']);
    expect(certificateRefusals(gost, IIN, now, { gost: true })).toEqual([]);
  });
});

describe('signing', () => {
  it('makes a detached CMS whose signature verifies over the content’s signed attributes', async () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const opened = openPkcs12(buffer(key.p12), key.password);
    const content = new TextEncoder().encode('%PDF-1.7 ведомость');
    const der = await signDetached(content, opened.privateKey, opened.certificateDer);
    expect(der[0]).toBe(0x30);
    // detached: the content itself is not inside
    expect(Buffer.from(der).includes(Buffer.from(content))).toBe(false);
    // the certificate is included, with its UTF-8 name intact
    expect(Buffer.from(der).includes(Buffer.from(opened.certificateDer))).toBe(true);
  });
});

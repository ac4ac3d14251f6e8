import { signDetached } from '@oqu/contracts/signing';
import { AlgorithmIdentifier, Certificate, ContentInfo, SignedData } from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { asGostCertificate, generateRsaKeys, makeSigningKey, signDetachedInNode } from '../../test/signing-keys.js';
import { MAX_CARRIED_CERTIFICATES, readDetachedSignature, verifySignatureValue } from './cms.js';

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
const verify = (der: Buffer, content: Buffer) => verifySignatureValue(readDetachedSignature(der), content);

describe('reading and verifying a detached signature', () => {
  it('accepts what the browser’s code signs, and reads the Cyrillic holder, IIN and serial', async () => {
    const key = makeSigningKey({ iin: IIN, keys, surname: 'Сейітқалиев', givenName: 'Нұрлан' });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    const signature = readDetachedSignature(der);
    expect(refusalOf(() => verifySignatureValue(signature, pdf))).toBe('accepted');
    expect(signature.keyFamily).toBe('RSA');
    expect(signature.certificate.holder).toBe('Сейітқалиев Нұрлан');
    expect(signature.certificate.iin).toBe(IIN);
    expect(signature.certificate.serial).toMatch(/^[0-9a-f]+$/);
    expect(Math.abs(signature.signingTime.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('tells a valid signature over other bytes from a broken one', async () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    expect(refusalOf(() => verify(der, Buffer.concat([pdf, Buffer.from(' ')])))).toBe('422 signature_content_mismatch');
    // flip a bit of the signature value, the last bytes of the DER
    const broken = Buffer.from(der);
    broken[broken.length - 5] ^= 1;
    expect(refusalOf(() => verify(broken, pdf))).toBe('422 signature_invalid');
    expect(refusalOf(() => verify(Buffer.from('not a signature'), pdf))).toBe('422 signature_malformed');
  });

  it('tells a GOST certificate’s signature apart, for the GOST verifier', async () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const der = await signDetached(new Uint8Array(pdf), key.privateKeyPkcs8, asGostCertificate(key.certificateDer));
    expect(readDetachedSignature(Buffer.from(der)).keyFamily).toBe('GOST');
  });

  it('takes the key family from the certificate’s key, never from the digest the signer names', async () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    // the RSA key's signature, claiming a GOST digest: not a GOST signature, so not the GOST verifier's to judge
    const contentInfo = ContentInfo.fromBER(new Uint8Array(der));
    const signedData = new SignedData({ schema: contentInfo.content });
    signedData.signerInfos[0].digestAlgorithm = new AlgorithmIdentifier({ algorithmId: '1.2.398.3.10.1.3.1' });
    const relabelled = Buffer.from(
      new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) }).toSchema().toBER(false),
    );
    const signature = readDetachedSignature(relabelled);
    expect(signature.keyFamily).toBe('RSA');
    expect(refusalOf(() => verifySignatureValue(signature, pdf))).toBe('422 signature_digest_not_sha256');
  });

  it('refuses a CMS carrying more than 10 certificates before reading them', async () => {
    const key = makeSigningKey({ iin: IIN, keys });
    const der = await signDetachedInNode(pdf, key.p12, key.password);
    const contentInfo = ContentInfo.fromBER(new Uint8Array(der));
    const signedData = new SignedData({ schema: contentInfo.content });
    const carrying = (count: number) => {
      signedData.certificates = Array.from({ length: count }, () => Certificate.fromBER(key.certificateDer));
      return Buffer.from(
        new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) }).toSchema().toBER(false),
      );
    };
    expect(refusalOf(() => readDetachedSignature(carrying(MAX_CARRIED_CERTIFICATES)))).toBe('accepted');
    expect(refusalOf(() => readDetachedSignature(carrying(MAX_CARRIED_CERTIFICATES + 1)))).toBe('422 signature_too_many_certificates');
  });
});

import { generateRsaKeys, makeCertificateAuthority, makeSigningKey, signDetached, toBase64 } from '@oqu/contracts/signing';
import { describe, expect, it } from 'vitest';
import { checkNcaLayerSignature, signerCertificateOf, UnreadableSignature } from './signerCertificate';

const IIN = '900215400003';
const now = new Date('2026-11-25T08:00:00Z');
const keys = generateRsaKeys();
const authority = makeCertificateAuthority({ now, keys: generateRsaKeys() });
const content = new TextEncoder().encode('%PDF-1.7 report card');

async function signedWith(options: Partial<Parameters<typeof makeSigningKey>[0]> = {}) {
  const key = makeSigningKey({ iin: IIN, keys, now, issuer: authority, ...options });
  return { key, cms: toBase64(await signDetached(content, key.privateKeyPkcs8, key.certificateDer, now)) };
}

describe('the certificate NCALayer signed with', () => {
  it('is the one its signer info names', async () => {
    const { key, cms } = await signedWith();
    expect(signerCertificateOf(cms)).toEqual(key.certificateDer);
  });

  it('may sign when it carries the examiner’s IIN, is valid and meant for signing', async () => {
    const { cms } = await signedWith();
    const checked = checkNcaLayerSignature(cms, IIN, now);
    expect(checked.refusals).toEqual([]);
    expect(checked.certificate.iin).toBe(IIN);
  });

  it('is refused before sending when it is another person’s, expired, not yet valid or an AUTH key', async () => {
    expect(checkNcaLayerSignature((await signedWith({ iin: '850101300005' })).cms, IIN, now).refusals).toEqual(['signature_iin_mismatch']);
    expect(checkNcaLayerSignature((await signedWith({ validity: 'expired' })).cms, IIN, now).refusals).toEqual(['certificate_expired']);
    expect(checkNcaLayerSignature((await signedWith({ validity: 'notYetValid' })).cms, IIN, now).refusals).toEqual([
      'certificate_not_yet_valid',
    ]);
    expect(checkNcaLayerSignature((await signedWith({ usage: 'authentication' })).cms, IIN, now).refusals).toEqual([
      'certificate_not_for_signing',
    ]);
  });

  it('cannot be read from an answer that is not a CMS', () => {
    expect(() => signerCertificateOf(btoa('not a signature'))).toThrow(UnreadableSignature);
  });
});

import { OctetString } from 'asn1js';
import { unprocessable } from '../../../errors.js';
import type { MessageKey } from '../../../i18n/messages.js';
import { readGostCms } from './gost-cms.js';
import { gostKeyOf } from './gost-keys.js';
import type { GostVerifier } from './gost-verifier.js';
import { gostDigestOffThread, verifyGostOffThread } from './gost-workers.js';

const messageDigestOid = '1.2.840.113549.1.9.4';
const contentTypeOid = '1.2.840.113549.1.9.3';

const refuse = (reason: MessageKey): never => {
  throw unprocessable(reason);
};

/**
 * Verifies NCA RK GOST signatures in this process (GOST 34.310-2004 and 512-bit GOST 34.10-2015 keys):
 * the signature over the CMS's signed attributes with the certificate's key, and the content's
 * digest in them. The certificate's chain and revocation are the caller's checks, as for RSA: this
 * verifier consults no revocation source and answers `revocation: null`. The GOST arithmetic runs on
 * worker threads (gost-workers.ts), off the event loop.
 */
export class InProcessGostVerifier implements GostVerifier {
  async verifyCms(cms: Buffer, content: Buffer): Promise<{ revocation: null }> {
    const { signer, certificate } = readGostCms(cms);
    const gostKey = gostKeyOf(certificate.subjectPublicKeyInfo);
    if (!gostKey) return refuse('signature_invalid');
    const { family, key } = gostKey;
    // a digest or signature algorithm of another family than the key's cannot be this key's signature
    if (signer.digestAlgorithm.algorithmId !== family.digestAlgorithm) refuse('signature_invalid');
    if (![family.signatureAlgorithm, family.keyAlgorithm].includes(signer.signatureAlgorithm.algorithmId)) refuse('signature_invalid');

    const attributes = signer.signedAttrs?.attributes ?? [];
    const messageDigest = attributes.find((a) => a.type === messageDigestOid)?.values[0];
    if (!signer.signedAttrs || !attributes.some((a) => a.type === contentTypeOid) || !(messageDigest instanceof OctetString)) {
      return refuse('signature_attributes_missing');
    }
    // the signature covers the DER of the signed attributes as a SET (RFC 5652 §5.4)
    const signedBytes = new Uint8Array(signer.signedAttrs.encodedValue);
    const signature = signer.signature.valueBlock.valueHexView;
    if (!(await verifyGostOffThread(family, key, signature, signedBytes))) refuse('signature_invalid');
    const digest = await gostDigestOffThread(family, content);
    if (!digest.equals(Buffer.from(messageDigest.valueBlock.valueHexView))) refuse('signature_content_mismatch');
    return { revocation: null };
  }
}

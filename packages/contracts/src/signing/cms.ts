import { ObjectIdentifier, OctetString, UTCTime } from 'asn1js';
import {
  Attribute,
  Certificate,
  ContentInfo,
  CryptoEngine,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
} from 'pkijs';

const OID = {
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};

/**
 * A detached CMS SignedData over `content` (RFC 5652): SHA-256, signed attributes contentType,
 * signingTime and messageDigest, the signer's certificate included. Signed with WebCrypto
 * (RSASSA-PKCS1-v1_5): the browser's, or Node's `globalThis.crypto` in tests. Answers the DER.
 */
export async function signDetached(
  content: Uint8Array<ArrayBuffer>,
  privateKeyPkcs8: Uint8Array<ArrayBuffer>,
  certificateDer: Uint8Array<ArrayBuffer>,
  now = new Date(),
) {
  const subtle = globalThis.crypto.subtle;
  const engine = new CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });
  const key = await subtle.importKey('pkcs8', privateKeyPkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const certificate = Certificate.fromBER(certificateDer);
  const digest = await subtle.digest('SHA-256', content);
  const signedData = new SignedData({
    version: 1,
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new SignerInfo({
        version: 1,
        sid: new IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new Attribute({ type: OID.contentType, values: [new ObjectIdentifier({ value: OID.data })] }),
            new Attribute({ type: OID.signingTime, values: [new UTCTime({ valueDate: now })] }),
            new Attribute({ type: OID.messageDigest, values: [new OctetString({ valueHex: digest })] }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  });
  await signedData.sign(key, 0, 'SHA-256', undefined, engine);
  const contentInfo = new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

/** Base64 of bytes, as POST /api/exam/sign takes the signature. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

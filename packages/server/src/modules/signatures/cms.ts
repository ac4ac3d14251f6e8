import { createHash, createPublicKey, verify } from 'node:crypto';
import { type CertificateRefusal, readSigningCertificate, type SigningCertificate } from '@oqu/contracts';
import { fromBER, OctetString } from 'asn1js';
import { Certificate, ContentInfo, IssuerAndSerialNumber, SignedData, type SignerInfo } from 'pkijs';
import type { KeyFamily } from '../../db/schema.js';
import { unprocessable } from '../../errors.js';
import { childrenOf, tlvAt } from './der.js';

/** Why a signature is refused (422); each is a message key in i18n/signatures.messages.ts. */
export type SignatureRefusal =
  | CertificateRefusal
  | 'signature_malformed'
  | 'signature_not_detached'
  | 'signature_signer_count'
  | 'signature_certificate_missing'
  | 'signature_too_many_certificates'
  | 'signature_digest_not_sha256'
  | 'signature_attributes_missing'
  | 'signature_invalid'
  | 'signature_content_mismatch';

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecPublicKey: '1.2.840.10045.2.1',
};

/**
 * Certificates a CMS may carry: the signer's and its authorities' (NCA RK: one or two). Each carried
 * certificate may cost a signature check while the chain is built; a CMS with more is refused unread.
 */
export const MAX_CARRIED_CERTIFICATES = 10;

const refuse = (reason: SignatureRefusal): never => {
  throw unprocessable(reason);
};

/** The certificate the signer names by issuer and serial number (or key identifier), among those the CMS carries. */
function signerCertificateOf({ sid }: SignerInfo, certificates: Certificate[]): Certificate {
  const found =
    sid instanceof IssuerAndSerialNumber
      ? certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber))
      : certificates.find((c) => {
          // subjectKeyIdentifier: the SHA-1 of the public key, as RFC 5280 §4.2.1.2 method 1 makes it
          const keyBits = Buffer.from(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
          const id = Buffer.from((sid as OctetString).valueBlock.valueHexView);
          return createHash('sha1').update(keyBits).digest().equals(id);
        });
  return found ?? refuse('signature_certificate_missing');
}

/**
 * How many certificates a DER ContentInfo carrying SignedData holds in its `certificates [0]`, read in
 * place: ContentInfo { contentType, [0] { SignedData { version, digestAlgorithms, encapContentInfo,
 * [0] certificates, … } } }. 0 for what is not DER of that shape: pkijs reads (or refuses) it, and
 * its certificates are counted after.
 */
function carriedCertificateCount(der: Uint8Array): number {
  try {
    const [, explicit] = childrenOf(der, tlvAt(der, 0, der.length));
    const [signedData] = explicit ? childrenOf(der, explicit) : [];
    const certificates = signedData && childrenOf(der, signedData).find(({ tag }) => tag === 0xa0);
    return certificates ? childrenOf(der, certificates).length : 0;
  } catch {
    return 0;
  }
}

/** A detached CMS SignedData as read, before anything in it is trusted. */
export interface DetachedSignature {
  signer: SignerInfo;
  /** the signer's certificate, and every certificate the CMS carries (intermediates among them) */
  signerCertificate: Certificate;
  certificates: Certificate[];
  certificate: SigningCertificate;
  keyFamily: KeyFamily;
  signingTime: Date;
  messageDigest: Buffer;
}

/**
 * Reads a detached CMS SignedData (DER) as the browser or NCALayer makes it: exactly one signer,
 * whose certificate is included, with signed attributes carrying contentType, messageDigest and
 * signingTime, and at most MAX_CARRIED_CERTIFICATES certificates. The key family is the certificate's
 * key's: GOST for a Kazakh or Russian GOST key, whatever algorithms the signer names (an RSA key's
 * signature naming a GOST digest is refused as invalid, never sent to the GOST verifier). Refuses with
 * a 422 naming what is wrong.
 */
export function readDetachedSignature(der: Buffer): DetachedSignature {
  // counted before asn1js and pkijs read them: they take milliseconds a certificate
  if (carriedCertificateCount(der) > MAX_CARRIED_CERTIFICATES) refuse('signature_too_many_certificates');
  const asn1 = fromBER(new Uint8Array(der));
  if (asn1.offset === -1) refuse('signature_malformed');
  let signedData: SignedData;
  try {
    const contentInfo = new ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType !== ContentInfo.SIGNED_DATA) refuse('signature_malformed');
    signedData = new SignedData({ schema: contentInfo.content });
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    return refuse('signature_malformed');
  }
  if (signedData.encapContentInfo.eContent) refuse('signature_not_detached');
  if (signedData.signerInfos.length !== 1) refuse('signature_signer_count');
  if ((signedData.certificates ?? []).length > MAX_CARRIED_CERTIFICATES) refuse('signature_too_many_certificates');
  const signer = signedData.signerInfos[0];
  const certificates = (signedData.certificates ?? []).filter((c): c is Certificate => c instanceof Certificate);
  const signerCertificate = signerCertificateOf(signer, certificates);
  const certificate = readSigningCertificate(signerCertificate.toSchema().toBER(false));

  const attributes = signer.signedAttrs?.attributes ?? [];
  const attribute = (type: string) => attributes.find((a) => a.type === type)?.values[0];
  const messageDigest = attribute(OID.messageDigest);
  const signingTime = attribute(OID.signingTime) as { toDate?: () => Date } | undefined;
  if (!attribute(OID.contentType) || !(messageDigest instanceof OctetString) || !signingTime?.toDate) {
    return refuse('signature_attributes_missing');
  }
  return {
    signer,
    signerCertificate,
    certificates,
    certificate,
    keyFamily: certificate.isGost ? 'GOST' : 'RSA',
    signingTime: signingTime.toDate(),
    messageDigest: Buffer.from(messageDigest.valueBlock.valueHexView),
  };
}

/**
 * Verifies an RSA (or ECDSA) signature in-process: SHA-256, a signature over the signed attributes
 * that the certificate's key verifies, and the messageDigest of `content`. A valid signature over
 * other bytes is told apart ('signature_content_mismatch'): the report card changed after it was
 * fetched. GOST signatures go to the GOST verifier instead (node:crypto has no GOST).
 */
export function verifySignatureValue(signature: DetachedSignature, content: Buffer): void {
  const { signer, signerCertificate } = signature;
  if (signer.digestAlgorithm.algorithmId !== OID.sha256) refuse('signature_digest_not_sha256');
  // the signature covers the DER of the signed attributes as a SET (RFC 5652 §5.4)
  const signedBytes = Buffer.from(signer.signedAttrs?.encodedValue ?? new ArrayBuffer(0));
  const publicKey = createPublicKey({
    key: Buffer.from(signerCertificate.subjectPublicKeyInfo.toSchema().toBER(false)),
    format: 'der',
    type: 'spki',
  });
  const algorithm = signer.signatureAlgorithm.algorithmId;
  const keyAlgorithm = signature.certificate.keyAlgorithm;
  const supported =
    (keyAlgorithm === OID.rsaEncryption && (algorithm === OID.rsaEncryption || algorithm === OID.sha256WithRsa)) ||
    (keyAlgorithm === OID.ecPublicKey && algorithm === OID.ecdsaWithSha256);
  if (!supported) refuse('signature_invalid');
  let valid = false;
  try {
    valid = verify('sha256', signedBytes, publicKey, Buffer.from(signer.signature.valueBlock.valueHexView));
  } catch {
    valid = false;
  }
  if (!valid) refuse('signature_invalid');
  if (!createHash('sha256').update(content).digest().equals(signature.messageDigest)) refuse('signature_content_mismatch');
}

import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  type CertificateRefusal,
  certificateRefusals,
  isGostAlgorithm,
  readSigningCertificate,
  type SigningCertificate,
} from '@oqu/contracts';
import { fromBER, OctetString } from 'asn1js';
import { type Certificate, ContentInfo, IssuerAndSerialNumber, SignedData } from 'pkijs';
import { unprocessable } from '../../errors.js';

/** Why a signature is refused (422); each is a message key in i18n/signatures.messages.ts. */
export type SignatureRefusal =
  | CertificateRefusal
  | 'signature_malformed'
  | 'signature_not_detached'
  | 'signature_signer_count'
  | 'signature_certificate_missing'
  | 'signature_digest_not_sha256'
  | 'signature_attributes_missing'
  | 'signature_invalid'
  | 'signature_content_mismatch';

export interface VerifiedSignature {
  certificate: SigningCertificate;
  signingTime: Date;
}

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

const refuse = (reason: SignatureRefusal): never => {
  throw unprocessable(reason);
};

/** The certificate the signer names by issuer and serial number, among those the CMS carries. */
function signerCertificate(signedData: SignedData): Certificate {
  const { sid } = signedData.signerInfos[0];
  const certificates = (signedData.certificates ?? []).filter((c): c is Certificate => 'subjectPublicKeyInfo' in c);
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
 * Verifies a detached CMS SignedData (DER) over `content`, as the browser makes it: exactly one
 * signer, whose certificate is included; SHA-256; signed attributes with messageDigest and
 * signingTime; an RSA (or ECDSA) signature over them that the certificate's key verifies; the
 * certificate valid at `now`, meant for signing and not GOST. A valid signature over other bytes
 * is told apart ('signature_content_mismatch'): the report card changed after it was fetched.
 * Refuses with a 422 naming the reason. The certificate's own chain is not checked: the server keeps
 * no NCA RK roots, and the examiner's IIN in the certificate is what ties it to the account.
 */
export function verifyDetachedSignature(der: Buffer, content: Buffer, now: Date): VerifiedSignature {
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
  const signer = signedData.signerInfos[0];
  const certificateAsn1 = signerCertificate(signedData);
  const certificate = readSigningCertificate(certificateAsn1.toSchema().toBER(false));
  if (certificate.isGost || isGostAlgorithm(signer.signatureAlgorithm.algorithmId) || isGostAlgorithm(signer.digestAlgorithm.algorithmId)) {
    refuse('gost_not_supported');
  }
  if (signer.digestAlgorithm.algorithmId !== OID.sha256) refuse('signature_digest_not_sha256');

  const attributes = signer.signedAttrs?.attributes ?? [];
  const attribute = (type: string) => attributes.find((a) => a.type === type)?.values[0];
  const messageDigest = attribute(OID.messageDigest);
  const signingTimeValue = attribute(OID.signingTime) as { toDate?: () => Date } | undefined;
  if (!signer.signedAttrs || !attribute(OID.contentType) || !(messageDigest instanceof OctetString) || !signingTimeValue?.toDate) {
    return refuse('signature_attributes_missing');
  }

  // the signature covers the DER of the signed attributes as a SET (RFC 5652 §5.4)
  const signedBytes = Buffer.from(signer.signedAttrs.encodedValue);
  const publicKey = createPublicKey({
    key: Buffer.from(certificateAsn1.subjectPublicKeyInfo.toSchema().toBER(false)),
    format: 'der',
    type: 'spki',
  });
  const algorithm = signer.signatureAlgorithm.algorithmId;
  const keyAlgorithm = certificate.keyAlgorithm;
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

  const contentDigest = createHash('sha256').update(content).digest();
  if (!contentDigest.equals(Buffer.from(messageDigest.valueBlock.valueHexView))) refuse('signature_content_mismatch');

  // the holder's own checks; whose IIN it must carry is the caller's business
  const [refusal] = certificateRefusals(certificate, certificate.iin, now);
  if (refusal) refuse(refusal);
  return { certificate, signingTime: signingTimeValue.toDate() };
}

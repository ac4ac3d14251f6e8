import { type CertificateRefusal, certificateRefusals, readSigningCertificate, type SigningCertificate } from '@oqu/contracts';
import { Certificate, ContentInfo, IssuerAndSerialNumber, SignedData } from 'pkijs';

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Thrown when NCALayer's answer is not a CMS with its signer's certificate in it. */
export class UnreadableSignature extends Error {}

/**
 * The certificate of the one who signed a CMS SignedData (base64 DER): among those it carries
 * (NCALayer may add the issuer's chain), the one its signer info names by issuer and serial number,
 * as NCALayer's (and our own) signatures name it.
 */
export function signerCertificateOf(cmsBase64: string): Uint8Array<ArrayBuffer> {
  let signedData: SignedData;
  try {
    signedData = new SignedData({ schema: ContentInfo.fromBER(fromBase64(cmsBase64)).content });
  } catch (error) {
    throw new UnreadableSignature('Not a CMS SignedData', { cause: error });
  }
  const sid = signedData.signerInfos[0]?.sid;
  const certificates = (signedData.certificates ?? []).filter((c): c is Certificate => c instanceof Certificate);
  const signer =
    sid instanceof IssuerAndSerialNumber
      ? certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber))
      : undefined;
  if (!signer) throw new UnreadableSignature('The CMS does not carry its signer’s certificate');
  return new Uint8Array(signer.toSchema().toBER(false));
}

/**
 * The certificate NCALayer signed with, and why it may not sign this report card: checked before
 * the signature is sent, so that a wrong key (another person's IIN, expired, an AUTH… key) is named
 * at once. GOST is allowed here: NCALayer signs with GOST keys and the server verifies them.
 */
export function checkNcaLayerSignature(
  cmsBase64: string,
  examinerIin: string,
  now: Date,
): { certificate: SigningCertificate; refusals: CertificateRefusal[] } {
  const certificate = readSigningCertificate(signerCertificateOf(cmsBase64));
  return { certificate, refusals: certificateRefusals(certificate, examinerIin, now, { gost: true }) };
}

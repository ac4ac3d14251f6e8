import { fromBER } from 'asn1js';
import { type Certificate, ContentInfo, IssuerAndSerialNumber, SignedData, type SignerInfo } from 'pkijs';
import { unprocessable } from '../../../errors.js';
import type { MessageKey } from '../../../i18n/messages.js';

/** A detached CMS SignedData with its one signer and the certificate it names, as read before any GOST check. */
export interface GostCms {
  signer: SignerInfo;
  certificate: Certificate;
  /** the certificate's serial number, lowercase hex without leading zeros (as NCANode writes it) */
  serial: string;
}

const refuse = (reason: MessageKey): never => {
  throw unprocessable(reason);
};

const serialHex = (certificate: Certificate) =>
  BigInt(`0x${Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex') || '0'}`).toString(16);

/**
 * Reads what both GOST verifiers need from a detached CMS: exactly one signer, named by issuer and
 * serial number (the way NCALayer and Kalkan name it), whose certificate the CMS carries. Refuses
 * anything else with the same 422 reasons as the RSA path.
 */
export function readGostCms(der: Buffer): GostCms {
  const asn1 = fromBER(new Uint8Array(der));
  if (asn1.offset === -1) refuse('signature_malformed');
  let signedData: SignedData | undefined;
  try {
    const contentInfo = new ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType === ContentInfo.SIGNED_DATA) signedData = new SignedData({ schema: contentInfo.content });
  } catch {
    // pkijs throws on any structure that is not SignedData
  }
  if (!signedData) return refuse('signature_malformed');
  if (signedData.encapContentInfo.eContent) refuse('signature_not_detached');
  if (signedData.signerInfos.length !== 1) refuse('signature_signer_count');
  const [signer] = signedData.signerInfos;
  const { sid } = signer;
  const certificate =
    sid instanceof IssuerAndSerialNumber
      ? (signedData.certificates ?? []).find(
          (c): c is Certificate => 'subjectPublicKeyInfo' in c && c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
        )
      : undefined;
  if (!certificate) return refuse('signature_certificate_missing');
  return { signer, certificate, serial: serialHex(certificate) };
}

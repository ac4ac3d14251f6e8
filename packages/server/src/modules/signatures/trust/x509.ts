import { createHash, createPublicKey, verify } from 'node:crypto';
import { isGostAlgorithm } from '@oqu/contracts';
import { BitString } from 'asn1js';
import { BasicConstraints, type Certificate, type PublicKeyInfo, type RelativeDistinguishedNames } from 'pkijs';
import { verifySignedByGostKeyOffThread } from '../gost/gost-keys.js';

/** What the trust checks read of certificates, CRLs and OCSP responses besides pkijs' own fields. */

const OID = {
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
};

/** Signature algorithms node:crypto verifies, with the digest each names. */
const DIGESTS: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

export const derOf = (certificate: Certificate) => Buffer.from(certificate.toSchema().toBER(false));
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The name's common name, else the whole name as RFC 4514 would write its values. */
export function commonNameOf(name: RelativeDistinguishedNames): string {
  const value = (type: string) => {
    const found = name.typesAndValues.find((t) => t.type === type)?.value.valueBlock.value;
    return typeof found === 'string' ? found.trim() : '';
  };
  return value(OID.commonName) || name.typesAndValues.map((t) => String(t.value.valueBlock.value)).join(', ');
}

const extensionOf = (certificate: Certificate, id: string) => certificate.extensions?.find((e) => e.extnID === id);
const hexOf = (bytes: ArrayBuffer | Uint8Array | undefined) =>
  bytes ? Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex') : null;

export function subjectKeyIdOf(certificate: Certificate): string | null {
  const value = extensionOf(certificate, OID.subjectKeyIdentifier)?.parsedValue as
    | { valueBlock?: { valueHexView?: Uint8Array } }
    | undefined;
  return hexOf(value?.valueBlock?.valueHexView);
}

/** The authority key identifier of a certificate or CRL's extensions. */
export function authorityKeyIdOf(extensions: { extnID: string; parsedValue?: unknown }[] | undefined): string | null {
  const value = extensions?.find((e) => e.extnID === OID.authorityKeyIdentifier)?.parsedValue as
    | { keyIdentifier?: { valueBlock: { valueHexView: Uint8Array } } }
    | undefined;
  return hexOf(value?.keyIdentifier?.valueBlock.valueHexView);
}

/**
 * May `issuer` have issued what names `issuerName` and `authorityKeyId`: its subject is that name,
 * and when both sides carry key identifiers, they agree (an authority renews its key under the
 * same name; the identifier tells the old key from the new).
 */
export function namesIssuer(issuer: Certificate, issuerName: RelativeDistinguishedNames, authorityKeyId: string | null): boolean {
  if (!issuer.subject.isEqual(issuerName)) return false;
  const subjectKeyId = subjectKeyIdOf(issuer);
  return !authorityKeyId || !subjectKeyId || authorityKeyId === subjectKeyId;
}

/** basicConstraints cA, and keyCertSign when the certificate names its key usages (RFC 5280 §4.2.1.3, §4.2.1.9). */
export function isCertificateAuthority(certificate: Certificate): boolean {
  const constraints = extensionOf(certificate, OID.basicConstraints)?.parsedValue;
  if (!(constraints instanceof BasicConstraints) || !constraints.cA) return false;
  const usage = extensionOf(certificate, OID.keyUsage)?.parsedValue;
  if (!(usage instanceof BitString)) return true;
  const keyCertSignBit = 5;
  return ((usage.valueBlock.valueHexView[0] ?? 0) & (0x80 >> keyCertSignBit)) !== 0;
}

export const isValidAt = (certificate: Certificate, now: Date) => certificate.notBefore.value <= now && now <= certificate.notAfter.value;

export const isGostKey = (certificate: Certificate) => isGostAlgorithm(certificate.subjectPublicKeyInfo.algorithm.algorithmId);

/**
 * Verifies a signature an authority made (over a certificate, a CRL or an OCSP response) with the
 * authority's public key: true or false for RSA, ECDSA and NCA RK's GOST families (GOST 34.310-2004,
 * 512-bit GOST 34.10-2015, on a GOST worker thread: gost/gost-workers.ts); 'gost' for another GOST
 * key, which only the GOST verifier (NCANode) can check, and 'unsupported' for anything else. Off the
 * event loop either way: node:crypto verifies on its thread pool (a national CRL is tens of megabytes).
 */
export async function verifyAuthoritySignature(
  signed: Uint8Array,
  algorithm: string,
  signature: Uint8Array,
  key: PublicKeyInfo,
): Promise<boolean | 'gost' | 'unsupported'> {
  const gost = [isGostAlgorithm(algorithm), isGostAlgorithm(key.algorithm.algorithmId)];
  // a GOST signature comes from a GOST key only: an RSA authority never made one
  if (gost[0] || gost[1]) return gost[0] && gost[1] ? ((await verifySignedByGostKeyOffThread(key, signed, signature)) ?? 'gost') : false;
  const digest = DIGESTS[algorithm];
  if (!digest) return 'unsupported';
  try {
    const publicKey = createPublicKey({ key: Buffer.from(key.toSchema().toBER(false)), format: 'der', type: 'spki' });
    return await new Promise<boolean>((resolve) =>
      verify(digest, signed, publicKey, signature, (error, valid) => resolve(!error && valid)),
    );
  } catch {
    return false;
  }
}

/** Verifies `certificate`'s own signature with `issuer`'s key. */
export const verifyIssuedBy = (certificate: Certificate, issuer: Certificate) =>
  verifyAuthoritySignature(
    certificate.tbsView,
    certificate.signatureAlgorithm.algorithmId,
    certificate.signatureValue.valueBlock.valueHexView,
    issuer.subjectPublicKeyInfo,
  );

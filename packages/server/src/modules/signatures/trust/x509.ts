import { createHash, createPublicKey, verify } from 'node:crypto';
import { isGostAlgorithm } from '@oqu/contracts';
import { BitString } from 'asn1js';
import { BasicConstraints, type Certificate, type PublicKeyInfo, type RelativeDistinguishedNames } from 'pkijs';
import { gostKeyOf, verifySignedByGostKeyOffThread } from '../gost/gost-keys.js';

/** What the trust checks read of certificates, CRLs and OCSP responses besides pkijs' own fields. */

const OID = {
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  rsaKey: '1.2.840.113549.1.1.1',
  ecKey: '1.2.840.10045.2.1',
};

/**
 * Signature algorithms node:crypto verifies, with the digest each names. SHA-1 ones are not among
 * them: collisions are practical, so an authority's SHA-1 signature proves nothing.
 */
const DIGESTS: Record<string, string> = {
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/** sha1WithRSAEncryption, ecdsa-with-SHA1, and the old OIW sha1WithRSA */
const SHA1_SIGNATURES = new Set(['1.2.840.113549.1.1.5', '1.2.840.10045.4.1', '1.3.14.3.2.29']);

/**
 * The extensions the chain checks read (basicConstraints, keyUsage, key identifiers) or that change
 * nothing about whether a path holds (names, policies with no policy required, where CRLs and the
 * issuer's certificate are published). Any other marked critical refuses the certificate
 * (RFC 5280 §4.2): name constraints and policy constraints, among others, are not enforced here.
 */
const KNOWN_EXTENSIONS = new Set([
  OID.basicConstraints,
  OID.keyUsage,
  OID.subjectKeyIdentifier,
  OID.authorityKeyIdentifier,
  '2.5.29.37', // extKeyUsage (the signer's is read by certificateRefusals)
  '2.5.29.17', // subjectAltName
  '2.5.29.18', // issuerAltName
  '2.5.29.32', // certificatePolicies
  '2.5.29.31', // cRLDistributionPoints
  '2.5.29.46', // freshestCRL
  '1.3.6.1.5.5.7.1.1', // authorityInfoAccess
  '1.3.6.1.5.5.7.1.11', // subjectInfoAccess
]);

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
  const constraints = basicConstraintsOf(certificate);
  if (!constraints?.cA) return false;
  const usage = extensionOf(certificate, OID.keyUsage)?.parsedValue;
  if (!(usage instanceof BitString)) return true;
  const keyCertSignBit = 5;
  return ((usage.valueBlock.valueHexView[0] ?? 0) & (0x80 >> keyCertSignBit)) !== 0;
}

function basicConstraintsOf(certificate: Certificate): BasicConstraints | undefined {
  const constraints = extensionOf(certificate, OID.basicConstraints)?.parsedValue;
  return constraints instanceof BasicConstraints ? constraints : undefined;
}

/** How many intermediate authorities may follow this authority's certificate; unlimited (Infinity) without pathLenConstraint. */
export function pathLengthOf(certificate: Certificate): number {
  const limit = basicConstraintsOf(certificate)?.pathLenConstraint;
  if (limit === undefined) return Number.POSITIVE_INFINITY;
  // an Integer too large for a number is no limit anyone needs
  return typeof limit === 'number' ? limit : limit.valueBlock.isHexOnly ? Number.POSITIVE_INFINITY : limit.valueBlock.valueDec;
}

export const hasUnknownCriticalExtension = (certificate: Certificate) =>
  (certificate.extensions ?? []).some((extension) => extension.critical && !KNOWN_EXTENSIONS.has(extension.extnID));

export const isSha1Signed = (certificate: Certificate) => SHA1_SIGNATURES.has(certificate.signatureAlgorithm.algorithmId);

/** Issued by its own subject: a root, or an authority's new key certified by its old one (not counted in path lengths). */
export const isSelfIssued = (certificate: Certificate) => certificate.subject.isEqual(certificate.issuer);

export const isValidAt = (certificate: Certificate, now: Date) => certificate.notBefore.value <= now && now <= certificate.notAfter.value;

export const isGostKey = (key: PublicKeyInfo) => isGostAlgorithm(key.algorithm.algorithmId);

/**
 * Whether this process can verify what the key signs: an RSA or EC key node:crypto reads, or a key
 * of NCA RK's GOST families (gost/gost-keys.ts). Any other GOST key (256-bit GOST 34.10-2015,
 * Russian GOST) only NCANode can check.
 */
export function verifiesInProcess(key: PublicKeyInfo): boolean {
  if (isGostKey(key)) return gostKeyOf(key) !== undefined;
  if (![OID.rsaKey, OID.ecKey].includes(key.algorithm.algorithmId)) return false;
  try {
    createPublicKey({ key: Buffer.from(key.toSchema().toBER(false)), format: 'der', type: 'spki' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the authority's public key made this signature (over a certificate, a CRL or an OCSP
 * response): RSA and ECDSA with SHA-2 by node:crypto, NCA RK's GOST families (GOST 34.310-2004,
 * 512-bit GOST 34.10-2015) on a GOST worker thread (gost/gost-workers.ts). False whenever it cannot
 * tell: a key this process does not verify, a SHA-1 signature, an unknown algorithm. Off the event
 * loop either way: node:crypto verifies on its thread pool (a national CRL is tens of megabytes).
 */
export async function verifyAuthoritySignature(
  signed: Uint8Array,
  algorithm: string,
  signature: Uint8Array,
  key: PublicKeyInfo,
): Promise<boolean> {
  const gost = [isGostAlgorithm(algorithm), isGostKey(key)];
  // a GOST signature comes from a GOST key only: an RSA authority never made one
  if (gost[0] || gost[1]) return gost[0] && gost[1] && (await verifySignedByGostKeyOffThread(key, signed, signature)) === true;
  const digest = DIGESTS[algorithm];
  if (!digest) return false;
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

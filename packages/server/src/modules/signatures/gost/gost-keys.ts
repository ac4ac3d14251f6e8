import { fromBER, ObjectIdentifier, OctetString, Sequence } from 'asn1js';
import type { PublicKeyInfo } from 'pkijs';
import { type GostFamily, gostFamilyOf, verifyGostSignature } from './gost-algorithms.js';
import { verifyGostOffThread } from './gost-workers.js';

/**
 * An NCA RK GOST public key (a certificate's subjectPublicKeyInfo): its family, named by the key
 * algorithm and the curve OID in the key's parameters (SEQUENCE { curve, digest }), and the raw key
 * inside the OCTET STRING; undefined for any other key.
 */
export function gostKeyOf(info: PublicKeyInfo): { family: GostFamily; key: Uint8Array } | undefined {
  const params = info.algorithm.algorithmParams;
  const curve =
    params instanceof Sequence && params.valueBlock.value[0] instanceof ObjectIdentifier
      ? params.valueBlock.value[0].getValue()
      : undefined;
  const family = gostFamilyOf(info.algorithm.algorithmId, curve);
  const inner = fromBER(info.subjectPublicKey.valueBlock.valueHexView);
  if (!family || inner.offset === -1 || !(inner.result instanceof OctetString)) return undefined;
  return { family, key: inner.result.valueBlock.valueHexView };
}

/**
 * Whether the NCA RK GOST key `key` signed `signedBytes` (a tbsCertificate, a CRL's tbsCertList, an
 * OCSP response's tbsResponseData); undefined when it is no NCA RK GOST key.
 */
export function verifySignedByGostKey(key: PublicKeyInfo, signedBytes: Uint8Array, signature: Uint8Array): boolean | undefined {
  const gostKey = gostKeyOf(key);
  return gostKey && verifyGostSignature(gostKey.family, gostKey.key, signature, signedBytes);
}

/** verifySignedByGostKey on a GOST worker thread: what the server does, off its event loop. */
export async function verifySignedByGostKeyOffThread(
  key: PublicKeyInfo,
  signedBytes: Uint8Array,
  signature: Uint8Array,
): Promise<boolean | undefined> {
  const gostKey = gostKeyOf(key);
  return gostKey && verifyGostOffThread(gostKey.family, gostKey.key, signature, signedBytes);
}

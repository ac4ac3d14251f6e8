import gostLibrary from '@wavesenterprise/crypto-gost-js';

/**
 * The two GOST families NCA RK issues keys for, as the GOST engine of @wavesenterprise/crypto-gost-js
 * names them. Both were checked against NCA RK's own test certificates (gost-algorithms.test.ts):
 * - GOST 34.310-2004 keys (1.2.398.3.10.1.1.1.1, parameters 1.2.398.3.10.1.1.1.1.1) are GOST R
 *   34.10-2001 on the CryptoPro-A curve, hashed with GOST 34.311-95 = GOST R 34.11-94 with the test
 *   S-box ("D-TEST"), not the CryptoPro one;
 * - GOST 34.10-2015 keys (1.2.398.3.10.1.1.2.2, parameters 1.2.398.3.10.1.1.2.2.1) are GOST R 34.10-2012
 *   512 bits on tc26 paramSetA, hashed with Streebog-512 (GOST 34.11-2015).
 * Keys and signatures are the little-endian byte strings NCA RK (Kalkan) writes, which is the engine's
 * own convention, so bytes pass through unchanged.
 */
export interface GostFamily {
  name: 'GOST 34.310-2004' | 'GOST 34.10-2015 (512)';
  keyAlgorithm: string;
  curve: string;
  digestAlgorithm: string;
  signatureAlgorithm: string;
  /** bytes of a public key (x, y) and of a signature (two numbers below the curve's order) */
  keyLength: 64 | 128;
  /** the engine's algorithm description for verifying (hashes the data itself) */
  signing: object;
  digest: object;
}

const streebog512 = { name: 'GOST R 34.11', version: 2012, length: 512 };
const gost34311 = { name: 'GOST R 34.11', version: 1994, sBox: 'D-TEST' };

export const GOST_FAMILIES: readonly GostFamily[] = [
  {
    name: 'GOST 34.310-2004',
    keyAlgorithm: '1.2.398.3.10.1.1.1.1',
    curve: '1.2.398.3.10.1.1.1.1.1',
    digestAlgorithm: '1.2.398.3.10.1.3.1',
    signatureAlgorithm: '1.2.398.3.10.1.1.1.2',
    keyLength: 64,
    signing: { name: 'GOST R 34.10', version: 2001, namedCurve: 'S-256-A', sBox: 'D-TEST', hash: gost34311 },
    digest: gost34311,
  },
  {
    name: 'GOST 34.10-2015 (512)',
    keyAlgorithm: '1.2.398.3.10.1.1.2.2',
    curve: '1.2.398.3.10.1.1.2.2.1',
    digestAlgorithm: '1.2.398.3.10.1.3.3',
    signatureAlgorithm: '1.2.398.3.10.1.1.2.3.2',
    keyLength: 128,
    signing: { name: 'GOST R 34.10', version: 2012, length: 512, namedCurve: 'T-512-A', hash: streebog512 },
    digest: streebog512,
  },
];

/** The family of a key named by its algorithm and curve OIDs; undefined for any other (RSA, Russian GOST, 256-bit 2015 keys). */
export const gostFamilyOf = (keyAlgorithm: string, curve: string | undefined) =>
  GOST_FAMILIES.find((family) => family.keyAlgorithm === keyAlgorithm && family.curve === curve);

// a copy: a Buffer's .buffer is often Node's shared pool, far larger than the bytes it views
export const arrayBuffer = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;

export function gostDigest(family: GostFamily, data: Uint8Array): Buffer {
  return Buffer.from(gostLibrary.GostEngine.execute(family.digest, 'digest', [arrayBuffer(data)]));
}

const isZero = (bytes: Uint8Array) => bytes.every((byte) => byte === 0);

/** Whether `signature` is the key's signature over `data` (the engine hashes it); never throws on bad input. */
export function verifyGostSignature(family: GostFamily, publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array): boolean {
  // GOST wants 0 < r, s: the engine only checks r, s < q, and answers true for zeros under a zero key
  const half = family.keyLength / 2;
  if (publicKey.length !== family.keyLength || signature.length !== family.keyLength || isZero(publicKey)) return false;
  if (isZero(signature.subarray(0, half)) || isZero(signature.subarray(half))) return false;
  try {
    return gostLibrary.GostEngine.execute(family.signing, 'verify', [arrayBuffer(publicKey), arrayBuffer(signature), arrayBuffer(data)]);
  } catch {
    return false;
  }
}

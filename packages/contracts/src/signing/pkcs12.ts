import forge from 'node-forge';
import { isGostAlgorithm, readSigningCertificate, type SigningCertificate } from '../signing-certificate.js';

/** A key file opened in the browser: the private key as PKCS#8 and the certificate that goes with it. */
export interface OpenedKey {
  /** PKCS#8 DER of the RSA private key; it stays in this page's memory */
  privateKey: Uint8Array<ArrayBuffer>;
  certificateDer: Uint8Array<ArrayBuffer>;
  certificate: SigningCertificate;
}

/** Why a key file could not be opened: a message key of the `signing` namespace. */
export type OpenRefusal = 'wrongPassword' | 'notPkcs12' | 'noKey' | 'gost';

export class KeyFileError extends Error {
  constructor(readonly reason: OpenRefusal) {
    super(reason);
    this.name = 'KeyFileError';
  }
}

const bytesOf = (binary: string) => Uint8Array.from(binary, (c) => c.charCodeAt(0));
const binaryOf = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/** forge names an algorithm it cannot handle in the error (`oid`, `algorithm`): GOST ones say so. */
function mentionsGost(error: unknown): boolean {
  const { oid, algorithm, message } = (error ?? {}) as { oid?: unknown; algorithm?: unknown; message?: unknown };
  const named = [oid, algorithm].some((value) => typeof value === 'string' && isGostAlgorithm(value));
  return named || (typeof message === 'string' && /\b1\.2\.(398\.3\.10|643)\./.test(message));
}

/**
 * Opens a PKCS#12 file (.p12/.pfx) with its password, in the browser: the legacy bags NCA RK issues
 * (3DES keys, RC2-40 certificates) and modern AES ones. The certificate is the one whose public key
 * matches the private key, else the only one. A GOST key cannot be read by forge: refused as such.
 */
export function openPkcs12(bytes: ArrayBuffer, password: string): OpenedKey {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(binaryOf(new Uint8Array(bytes)));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch (error) {
      if (mentionsGost(error)) throw new KeyFileError('gost');
      // a wrong password fails the MAC check or leaves the bags undecryptable
      throw new KeyFileError('wrongPassword');
    }
  } catch (error) {
    if (error instanceof KeyFileError) throw error;
    throw new KeyFileError('notPkcs12');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const certificates = certBags.flatMap((bag) => {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : (bag as { asn1?: forge.asn1.Asn1 }).asn1;
    return asn1 ? [{ cert: bag.cert, der: bytesOf(forge.asn1.toDer(asn1).getBytes()) }] : [];
  });
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key || certificates.length === 0) {
    // forge reads RSA keys only: a key bag it could not read beside a GOST certificate is a GOST key
    if (certificates.some(({ der }) => readSigningCertificate(der).isGost)) throw new KeyFileError('gost');
    throw new KeyFileError('noKey');
  }
  const matching =
    certificates.find(({ cert }) => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return publicKey?.n?.equals(key.n) ?? false;
    }) ?? (certificates.length === 1 ? certificates[0] : undefined);
  if (!matching) throw new KeyFileError('noKey');
  const pkcs8 = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key));
  return {
    privateKey: bytesOf(forge.asn1.toDer(pkcs8).getBytes()),
    certificateDer: matching.der,
    certificate: readSigningCertificate(matching.der),
  };
}

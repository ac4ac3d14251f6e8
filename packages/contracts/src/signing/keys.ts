import { Integer } from 'asn1js';
import forge from 'node-forge';
import { Certificate, CertificateRevocationList, CryptoEngine, Extension, Extensions, RevokedCertificate, Time } from 'pkijs';

/**
 * Signing keys made by code: for the signature tests (unit, integration and end-to-end) and for the
 * demo examiner's key (no page imports it). An RSA certificate with a Cyrillic subject as NCA RK
 * writes it — CN, SURNAME, GIVENNAME, serialNumber "IIN…", C=KZ — issued by a certificate
 * authority made here too (or self-signed), in a PKCS#12 file encrypted the legacy way (3DES key
 * bag, RC2-40 certificate bag, as NCA RK issues them) or the modern way (AES-256). The authority
 * also issues CRLs, so that chain and revocation checks run against real files.
 */
export interface SigningKeyOptions {
  iin: string;
  /** default 'Иванов Иван' */
  surname?: string;
  givenName?: string;
  password?: string;
  /**
   * 'signing': digitalSignature + nonRepudiation, as NCA RK's RSA_… signing certificates;
   * 'authentication': digitalSignature + keyEncipherment with clientAuth, as its AUTH_… certificates;
   * 'encipherment': keyEncipherment only.
   */
  usage?: 'signing' | 'authentication' | 'encipherment';
  /** the authority that issues the certificate; self-signed without one */
  issuer?: CertificateAuthority;
  validity?: 'valid' | 'expired' | 'notYetValid';
  encryption?: 'legacy' | 'aes256';
  /** reuse a key pair: RSA key generation is the slow part */
  keys?: forge.pki.rsa.KeyPair;
  now?: Date;
}

export interface SigningKey {
  p12: Uint8Array<ArrayBuffer>;
  password: string;
  certificateDer: Uint8Array<ArrayBuffer>;
  privateKeyPkcs8: Uint8Array<ArrayBuffer>;
  keys: forge.pki.rsa.KeyPair;
}

export interface CertificateAuthority {
  name: string;
  certificateDer: Uint8Array<ArrayBuffer>;
  keys: forge.pki.rsa.KeyPair;
  privateKeyPkcs8: Uint8Array<ArrayBuffer>;
  /** forge's view of the certificate, to issue with */
  certificate: forge.pki.Certificate;
}

const DAY = 86_400_000;
const { asn1 } = forge;
const bytesOf = (binary: string) => Uint8Array.from(binary, (c) => c.charCodeAt(0));
const derOf = (value: forge.asn1.Asn1) => forge.asn1.toDer(value).getBytes();

export const generateRsaKeys = () => forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });

let serialCounter = 0;
const nextSerial = (now: Date) => {
  serialCounter += 1;
  return `01${now.getTime().toString(16)}${serialCounter.toString(16).padStart(4, '0')}`;
};
const pkcs8Of = (keys: forge.pki.rsa.KeyPair) => bytesOf(derOf(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keys.privateKey))));

/**
 * A certificate authority with a self-signed certificate (CA:TRUE, keyCertSign + cRLSign), valid
 * ten years around `now`, as NCA RK's roots are.
 */
export function makeCertificateAuthority(options: { name?: string; now?: Date; keys?: forge.pki.rsa.KeyPair } = {}): CertificateAuthority {
  const now = options.now ?? new Date();
  const name = options.name ?? 'ҰКО TEST (RSA)';
  const keys = options.keys ?? generateRsaKeys();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = nextSerial(now);
  certificate.validity.notBefore = new Date(now.getTime() - 365 * DAY);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * DAY);
  const subject = [
    { type: '2.5.4.3', value: name, valueTagClass: forge.asn1.Type.UTF8 },
    { type: '2.5.4.6', value: 'KZ', valueTagClass: forge.asn1.Type.PRINTABLESTRING },
  ] as unknown as forge.pki.CertificateField[];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  return {
    name,
    certificateDer: bytesOf(derOf(forge.pki.certificateToAsn1(certificate))),
    keys,
    privateKeyPkcs8: pkcs8Of(keys),
    certificate,
  };
}

/**
 * An authority made before by makeCertificateAuthority, from what was kept of it: its certificate
 * (DER) and its private key (PKCS#8 DER). The demo keeps its authority in DATA_DIR this way.
 */
export function openCertificateAuthority(certificateDer: Uint8Array, privateKeyPkcs8: Uint8Array): CertificateAuthority {
  const binary = (bytes: Uint8Array) => String.fromCharCode(...bytes);
  const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(binary(certificateDer)));
  // forge reads a UTF8String as its raw bytes and would encode them again when it issues: decode once
  for (const attribute of certificate.subject.attributes) {
    // (forge's types call valueTagClass an asn1 class; it is the string type the value was written as)
    const isUtf8 = (attribute.valueTagClass as unknown) === forge.asn1.Type.UTF8;
    if (isUtf8 && typeof attribute.value === 'string') attribute.value = forge.util.decodeUtf8(attribute.value);
  }
  const privateKey = forge.pki.privateKeyFromAsn1(forge.asn1.fromDer(binary(privateKeyPkcs8))) as forge.pki.rsa.PrivateKey;
  return {
    name: String(certificate.subject.getField('CN')?.value ?? ''),
    certificateDer: new Uint8Array(certificateDer),
    keys: { privateKey, publicKey: certificate.publicKey as forge.pki.rsa.PublicKey },
    privateKeyPkcs8: new Uint8Array(privateKeyPkcs8),
    certificate,
  };
}

export interface CrlOptions {
  /** serial numbers (hex, as SigningCertificate.serial gives them) revoked, with when */
  revoked?: { serial: string; at?: Date }[];
  thisUpdate?: Date;
  /** default a week after thisUpdate */
  nextUpdate?: Date;
  /** the cRLNumber extension; default 1 */
  number?: number;
}

/** A CRL (RFC 5280, v2, with cRLNumber) signed by `ca` with SHA-256: DER. */
export async function makeCrl(ca: CertificateAuthority, options: CrlOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const thisUpdate = options.thisUpdate ?? new Date();
  const nextUpdate = options.nextUpdate ?? new Date(thisUpdate.getTime() + 7 * DAY);
  const issuerCertificate = Certificate.fromBER(ca.certificateDer);
  const crl = new CertificateRevocationList({
    version: 1,
    issuer: issuerCertificate.subject,
    thisUpdate: new Time({ type: 0, value: thisUpdate }),
    nextUpdate: new Time({ type: 0, value: nextUpdate }),
  });
  crl.revokedCertificates = (options.revoked ?? []).map(
    (entry) =>
      new RevokedCertificate({
        userCertificate: new Integer({
          valueHex: Uint8Array.from(Buffer.from(entry.serial.length % 2 ? `0${entry.serial}` : entry.serial, 'hex')).buffer,
        }),
        revocationDate: new Time({ type: 0, value: entry.at ?? thisUpdate }),
      }),
  );
  crl.crlExtensions = new Extensions({
    extensions: [
      new Extension({ extnID: '2.5.29.20', critical: false, extnValue: new Integer({ value: options.number ?? 1 }).toBER(false) }),
    ],
  });
  const { key, engine } = await authoritySigner(ca);
  await crl.sign(key, 'SHA-256', engine);
  return new Uint8Array(crl.toSchema(true).toBER(false));
}

/**
 * The authority's private key as WebCrypto signs with it (RSASSA-PKCS1-v1_5), and a pkijs engine
 * over that WebCrypto: for whatever else an authority signs in tests (certificates, OCSP answers).
 */
export async function authoritySigner(ca: Pick<CertificateAuthority, 'privateKeyPkcs8'>) {
  const engine = new CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });
  const key = await globalThis.crypto.subtle.importKey('pkcs8', ca.privateKeyPkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return { key, engine };
}

export function makeSigningKey(options: SigningKeyOptions): SigningKey {
  const now = options.now ?? new Date();
  const surname = options.surname ?? 'Иванов';
  const givenName = options.givenName ?? 'Иван';
  const password = options.password ?? 'Пароль-123';
  const keys = options.keys ?? generateRsaKeys();

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = nextSerial(now);
  const [from, to] =
    options.validity === 'expired'
      ? [now.getTime() - 400 * DAY, now.getTime() - DAY]
      : options.validity === 'notYetValid'
        ? [now.getTime() + DAY, now.getTime() + 400 * DAY]
        : [now.getTime() - DAY, now.getTime() + 365 * DAY];
  certificate.validity.notBefore = new Date(from);
  certificate.validity.notAfter = new Date(to);
  const utf8 = forge.asn1.Type.UTF8;
  const subject = [
    { type: '2.5.4.3', value: `${surname} ${givenName}`, valueTagClass: utf8 },
    { type: '2.5.4.4', value: surname, valueTagClass: utf8 },
    { type: '2.5.4.42', value: givenName, valueTagClass: utf8 },
    { type: '2.5.4.5', value: `IIN${options.iin}`, valueTagClass: forge.asn1.Type.PRINTABLESTRING },
    { type: '2.5.4.6', value: 'KZ', valueTagClass: forge.asn1.Type.PRINTABLESTRING },
    // forge's types call valueTagClass an asn1 class; it is the string type the value is written as
  ] as unknown as forge.pki.CertificateField[];
  certificate.setSubject(subject);
  certificate.setIssuer(options.issuer ? options.issuer.certificate.subject.attributes : subject);
  const usage = {
    signing: [
      { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
      { name: 'extKeyUsage', emailProtection: true },
    ],
    authentication: [
      { name: 'keyUsage', critical: true, digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
    encipherment: [{ name: 'keyUsage', keyEncipherment: true }],
  }[options.usage ?? 'signing'];
  const issuerKeyId = options.issuer?.certificate.generateSubjectKeyIdentifier().getBytes();
  certificate.setExtensions([
    ...usage,
    { name: 'subjectKeyIdentifier' },
    ...(issuerKeyId ? [{ name: 'authorityKeyIdentifier', keyIdentifier: issuerKeyId }] : []),
  ]);
  certificate.sign(options.issuer?.keys.privateKey ?? keys.privateKey, forge.md.sha256.create());

  const aes = options.encryption === 'aes256';
  const pfx = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [certificate], password, {
    algorithm: aes ? 'aes256' : '3des',
    useMac: aes,
  });
  return {
    p12: aes ? bytesOf(derOf(pfx)) : legacyPfx(pfx, password),
    password,
    certificateDer: bytesOf(derOf(forge.pki.certificateToAsn1(certificate))),
    privateKeyPkcs8: pkcs8Of(keys),
    keys,
  };
}

/**
 * forge writes the certificate bag unencrypted; NCA RK files encrypt it with
 * pbeWithSHAAnd40BitRC2-CBC. Re-wraps forge's PFX (3DES key bag, no MAC) that way and adds the
 * HMAC-SHA1 MAC over the new contents.
 */
function legacyPfx(pfx: forge.asn1.Asn1, password: string): Uint8Array<ArrayBuffer> {
  const [version, authSafe] = pfx.value as forge.asn1.Asn1[];
  const octets = ((authSafe.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0];
  const contentInfos = forge.asn1.fromDer(octets.value as string).value as forge.asn1.Asn1[];
  const rewrapped = contentInfos.map((contentInfo) => {
    const [type, content] = contentInfo.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(type.value as string) !== forge.pki.oids.data) return contentInfo;
    const safeContents = ((content.value as forge.asn1.Asn1[])[0] as forge.asn1.Asn1).value as string;
    const contents = forge.asn1.fromDer(safeContents).value as forge.asn1.Asn1[];
    const isCertificates = contents.every(
      (bag) => forge.asn1.derToOid((bag.value as forge.asn1.Asn1[])[0].value as string) === forge.pki.oids.certBag,
    );
    return isCertificates ? rc2EncryptedData(safeContents, password) : contentInfo;
  });
  const authenticatedSafe = derOf(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, rewrapped));

  const macSalt = forge.random.getBytesSync(8);
  const iterations = 2048;
  const macKey = forge.pkcs12.generateKey(password, forge.util.createBuffer(macSalt), 3, iterations, 20).getBytes();
  const hmac = forge.hmac.create();
  hmac.start('sha1', macKey);
  hmac.update(authenticatedSafe);
  const macData = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.sha1).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
      ]),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, hmac.digest().getBytes()),
    ]),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, macSalt),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(iterations).getBytes()),
  ]);
  const outer = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    version,
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.data).getBytes()),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, authenticatedSafe),
      ]),
    ]),
    macData,
  ]);
  return bytesOf(derOf(outer));
}

/** A ContentInfo of type encryptedData holding `safeContents` under pbeWithSHAAnd40BitRC2-CBC. */
function rc2EncryptedData(safeContents: string, password: string): forge.asn1.Asn1 {
  const salt = forge.random.getBytesSync(8);
  const iterations = 2048;
  const key = forge.pkcs12.generateKey(password, forge.util.createBuffer(salt), 1, iterations, 5);
  const iv = forge.pkcs12.generateKey(password, forge.util.createBuffer(salt), 2, iterations, 8);
  const cipher = forge.rc2.createEncryptionCipher(key, 40);
  cipher.start(iv);
  cipher.update(forge.util.createBuffer(safeContents));
  cipher.finish();
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.encryptedData).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(0).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.data).getBytes()),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids['pbewithSHAAnd40BitRC2-CBC']).getBytes()),
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, salt),
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(iterations).getBytes()),
            ]),
          ]),
          asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cipher.output.getBytes()),
        ]),
      ]),
    ]),
  ]);
}

/**
 * The same certificate with its public key's algorithm named as Kazakh GOST (1.2.398.3.10.1.1.1.1):
 * no GOST key is at hand, and the refusal looks at the algorithm only. Its own signature no longer
 * matches, which no check here reads.
 */
export function asGostCertificate(certificateDer: Uint8Array): Uint8Array<ArrayBuffer> {
  const certificate = forge.asn1.fromDer(String.fromCharCode(...certificateDer));
  const tbs = (certificate.value as forge.asn1.Asn1[])[0];
  const fields = tbs.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serial, signature, issuer, validity, subject, subjectPublicKeyInfo, …
  const spki = fields[6].value as forge.asn1.Asn1[];
  const algorithm = spki[0].value as forge.asn1.Asn1[];
  algorithm[0] = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer('1.2.398.3.10.1.1.1.1').getBytes());
  return bytesOf(derOf(certificate));
}

import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type CertificateAuthority,
  type CrlOptions,
  makeCertificateAuthority,
  makeCrl,
  makeSigningKey,
  openCertificateAuthority,
  openPkcs12,
  type SigningKey,
  type SigningKeyOptions,
  signDetached,
} from '@oqu/contracts/signing';
import { BitString, Null, ObjectIdentifier, OctetString, Sequence, Utf8String } from 'asn1js';
import {
  AlgorithmIdentifier,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  ContentInfo,
  Extension,
  PublicKeyInfo,
  SignedData,
} from 'pkijs';

/**
 * Test keys and signatures for the server's tests: the one key factory of the web app's signing
 * feature, and a signature made by the browser's own code (forge opens the .p12, pkijs signs over
 * WebCrypto — Node's `globalThis.crypto` here), so the server is tested against what browsers send.
 */
export {
  asGostCertificate,
  generateRsaKeys,
  makeCertificateAuthority,
  makeCrl,
  makeSigningKey,
  type SigningKey,
  type SigningKeyOptions,
} from '@oqu/contracts/signing';

const GOST = { key: '1.2.398.3.10.1.1.1.1', signature: '1.2.398.3.10.1.1.1.2' };

/**
 * The same certificate as a GOST authority would have issued it: its key and its signature named
 * GOST 34.310-2004 (no GOST key is at hand). Neither can be verified in-process: such a link holds
 * only when NCANode verified the signature, which the tests' GOST verifier (checksChain) stands in for.
 */
export function asGostIssued(certificateDer: Uint8Array): Uint8Array<ArrayBuffer> {
  const certificate = Certificate.fromBER(new Uint8Array(certificateDer));
  certificate.subjectPublicKeyInfo.algorithm = new AlgorithmIdentifier({ algorithmId: GOST.key });
  certificate.signature = new AlgorithmIdentifier({ algorithmId: GOST.signature });
  certificate.signatureAlgorithm = new AlgorithmIdentifier({ algorithmId: GOST.signature });
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER(false));
  return new Uint8Array(certificate.toSchema().toBER(false));
}

const OID = {
  basicConstraints: '2.5.29.19',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  /** an arc no certificate checker knows */
  unknownExtension: '1.3.6.1.4.1.55555.1',
};
const RSA_SIGNATURES = { sha1: '1.2.840.113549.1.1.5', sha256: '1.2.840.113549.1.1.11' };
/** GOST R 34.10-2012 with a 256-bit key (tc26 paramSetA, Streebog-256): a family the in-process engine does not verify */
const GOST_2012_256 = {
  key: '1.2.643.7.1.1.1.1',
  curve: '1.2.643.7.1.2.1.1.1',
  digest: '1.2.643.7.1.1.2.2',
  signature: '1.2.643.7.1.1.3.2',
};
const DAY = 86_400_000;

/**
 * `certificate` as `issuer`'s holder issued it: that subject as its issuer, that key identifier as
 * its authority key identifier, and `sign`'s signature (named `algorithmId`) over the tbsCertificate.
 * Answers the DER.
 */
function issuedAs(
  certificate: Certificate,
  issuer: Certificate,
  algorithmId: string,
  sign: (tbs: Uint8Array) => Uint8Array,
): Uint8Array<ArrayBuffer> {
  certificate.issuer = issuer.subject;
  const keyId = issuer.extensions?.find((e) => e.extnID === OID.subjectKeyIdentifier)?.parsedValue as OctetString | undefined;
  certificate.extensions = [
    ...(certificate.extensions ?? []).filter((e) => e.extnID !== OID.authorityKeyIdentifier),
    ...(keyId
      ? [
          new Extension({
            extnID: OID.authorityKeyIdentifier,
            extnValue: new AuthorityKeyIdentifier({
              keyIdentifier: new OctetString({ valueHex: keyId.valueBlock.valueHexView.slice().buffer }),
            })
              .toSchema()
              .toBER(false),
          }),
        ]
      : []),
  ];
  const isRsa = Object.values(RSA_SIGNATURES).includes(algorithmId);
  const algorithm = new AlgorithmIdentifier(isRsa ? { algorithmId, algorithmParams: new Null() } : { algorithmId });
  certificate.signature = algorithm;
  certificate.signatureAlgorithm = algorithm;
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER(false));
  certificate.signatureValue = new BitString({ valueHex: sign(certificate.tbsView).slice().buffer });
  return new Uint8Array(certificate.toSchema().toBER(false));
}

const rsaSignature = (authority: Pick<CertificateAuthority, 'privateKeyPkcs8'>, hash: 'sha1' | 'sha256') => (tbs: Uint8Array) =>
  new Uint8Array(sign(hash, tbs, createPrivateKey({ key: Buffer.from(authority.privateKeyPkcs8), format: 'der', type: 'pkcs8' })));

export interface AuthorityShape {
  /** the authority that issues its certificate (its identifier as the authority key identifier); self-signed without one */
  issuer?: CertificateAuthority;
  /** false: no basicConstraints at all (no CA, though keyCertSign is set); else CA:TRUE, with this pathLenConstraint if given */
  basicConstraints?: false | { pathLength?: number };
  /** an extension no checker knows, marked critical */
  unknownCriticalExtension?: boolean;
  /** the hash of the issuer's RSA signature over it; SHA-256 unless told */
  hash?: 'sha1' | 'sha256';
  /** 'expired': valid for a year until yesterday */
  validity?: 'valid' | 'expired';
}

/**
 * An RSA certificate authority (keyCertSign + cRLSign, a key identifier) of the shape asked, which
 * issues keys and CRLs like any other: by default a CA:TRUE intermediate its issuer signed with
 * SHA-256, or a root without an issuer. Shapes that break RFC 5280's path rules make one rule each.
 */
export function makeAuthority(name: string, shape: AuthorityShape = {}): CertificateAuthority {
  const own = makeCertificateAuthority({ name });
  const certificate = Certificate.fromBER(own.certificateDer);
  const constraints = shape.basicConstraints ?? {};
  certificate.extensions = [
    ...(certificate.extensions ?? []).filter((e) => e.extnID !== OID.basicConstraints),
    ...(constraints
      ? [
          new Extension({
            extnID: OID.basicConstraints,
            critical: true,
            extnValue: new BasicConstraints({
              cA: true,
              ...(constraints.pathLength === undefined ? {} : { pathLenConstraint: constraints.pathLength }),
            })
              .toSchema()
              .toBER(false),
          }),
        ]
      : []),
    ...(shape.unknownCriticalExtension
      ? [new Extension({ extnID: OID.unknownExtension, critical: true, extnValue: new Utf8String({ value: 'ограничение' }).toBER(false) })]
      : []),
  ];
  if (shape.validity === 'expired') {
    certificate.notBefore.value = new Date(Date.now() - 366 * DAY);
    certificate.notAfter.value = new Date(Date.now() - DAY);
  }
  const issuer = shape.issuer ?? own;
  const hash = shape.hash ?? 'sha256';
  const der = issuedAs(certificate, Certificate.fromBER(issuer.certificateDer), RSA_SIGNATURES[hash], rsaSignature(issuer, hash));
  return openCertificateAuthority(der, own.privateKeyPkcs8);
}

/**
 * An authority certificate (CA:TRUE, keyCertSign) whose key is a GOST R 34.10-2012 256-bit one of
 * random bytes, which the in-process GOST engine does not verify: self-signed with random bytes, or
 * truly signed by `issuer` (an RSA authority). Nobody holds its private key: certificates "issued"
 * under it (forgeGostIssued) carry random signatures, which only an unverified link would take.
 */
export function makeForgedGostAuthority(name: string, issuer?: CertificateAuthority): Uint8Array<ArrayBuffer> {
  const certificate = Certificate.fromBER(makeCertificateAuthority({ name }).certificateDer);
  certificate.subjectPublicKeyInfo = new PublicKeyInfo({
    algorithm: new AlgorithmIdentifier({
      algorithmId: GOST_2012_256.key,
      algorithmParams: new Sequence({
        value: [new ObjectIdentifier({ value: GOST_2012_256.curve }), new ObjectIdentifier({ value: GOST_2012_256.digest })],
      }),
    }),
    subjectPublicKey: new BitString({ valueHex: new OctetString({ valueHex: randomBytes(64) }).toBER(false) }),
  });
  if (issuer)
    return issuedAs(certificate, Certificate.fromBER(issuer.certificateDer), RSA_SIGNATURES.sha256, rsaSignature(issuer, 'sha256'));
  return issuedAs(certificate, certificate, GOST_2012_256.signature, () => randomBytes(64));
}

/** The certificate (DER) as if `authorityDer`'s holder had issued it with a GOST 2012-256 signature: random bytes. */
export function forgeGostIssued(certificateDer: Uint8Array, authorityDer: Uint8Array): Uint8Array<ArrayBuffer> {
  const authority = Certificate.fromBER(new Uint8Array(authorityDer));
  return issuedAs(Certificate.fromBER(new Uint8Array(certificateDer)), authority, GOST_2012_256.signature, () => randomBytes(64));
}

/** The detached CMS (DER) with these certificates carried besides the signer's: the intermediates a signer sends. */
export function carrying(cms: Uint8Array, certificates: Uint8Array[]): Buffer {
  const signedData = new SignedData({ schema: ContentInfo.fromBER(new Uint8Array(cms)).content });
  signedData.certificates = [...(signedData.certificates ?? []), ...certificates.map((der) => Certificate.fromBER(new Uint8Array(der)))];
  const contentInfo = new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER(false));
}

export async function signDetachedInNode(pdf: Buffer, p12: Uint8Array, password: string, now?: Date): Promise<Buffer> {
  const opened = openPkcs12(p12.slice().buffer, password);
  return Buffer.from(await signDetached(new Uint8Array(pdf), opened.privateKey, opened.certificateDer, now));
}

/**
 * A certificate authority the server under test trusts: its certificate in a trust directory and
 * its CRL in a CRL directory of a temporary directory, given to the app as NCA_TRUST_DIR and
 * NCA_CRL_DIR. Signing keys are issued by it; the CRL starts current and empty.
 */
export interface TestTrust {
  authority: CertificateAuthority;
  trustDir: string;
  crlDir: string;
  /** the app's settings for this authority */
  settings: { NCA_TRUST_DIR: string; NCA_CRL_DIR: string };
  issue(options: SigningKeyOptions): SigningKey;
  /** replaces the authority's CRL on disk, whole (written aside, then renamed) */
  writeCrl(options?: CrlOptions): Promise<void>;
  remove(): Promise<void>;
}

export async function makeTestTrust(options: { now?: Date; keys?: SigningKeyOptions['keys'] } = {}): Promise<TestTrust> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-trust-'));
  const trustDir = path.join(dir, 'trust');
  const crlDir = path.join(dir, 'crl');
  await Promise.all([fs.mkdir(trustDir), fs.mkdir(crlDir)]);
  const authority = makeCertificateAuthority({ now: options.now, keys: options.keys });
  await fs.writeFile(path.join(trustDir, 'test-ca.cer'), authority.certificateDer);
  const trust: TestTrust = {
    authority,
    trustDir,
    crlDir,
    settings: { NCA_TRUST_DIR: trustDir, NCA_CRL_DIR: crlDir },
    issue: (keyOptions) => makeSigningKey({ now: options.now, ...keyOptions, issuer: authority }),
    async writeCrl(crlOptions = {}) {
      const file = path.join(crlDir, 'test-ca.crl');
      await fs.writeFile(`${file}.tmp`, await makeCrl(authority, { thisUpdate: options.now, ...crlOptions }));
      await fs.rename(`${file}.tmp`, file);
    },
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
  await trust.writeCrl();
  return trust;
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  authoritySigner,
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
import { OctetString } from 'asn1js';
import { AlgorithmIdentifier, AuthorityKeyIdentifier, Certificate, Extension } from 'pkijs';

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
 * GOST 34.310-2004 (no GOST key is at hand). Neither can be verified in-process, which is what the
 * structural checks of GOST links meet; the GOST verifier of the tests stands in for the rest.
 */
export function asGostIssued(certificateDer: Uint8Array): Uint8Array<ArrayBuffer> {
  const certificate = Certificate.fromBER(new Uint8Array(certificateDer));
  certificate.subjectPublicKeyInfo.algorithm = new AlgorithmIdentifier({ algorithmId: GOST.key });
  certificate.signature = new AlgorithmIdentifier({ algorithmId: GOST.signature });
  certificate.signatureAlgorithm = new AlgorithmIdentifier({ algorithmId: GOST.signature });
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER(false));
  return new Uint8Array(certificate.toSchema().toBER(false));
}

/**
 * An intermediate authority `root` issued (CA:TRUE, keyCertSign + cRLSign, its key identifier as
 * the authority key identifier), which issues keys and CRLs like any other.
 */
export async function makeIntermediateAuthority(root: CertificateAuthority, name: string): Promise<CertificateAuthority> {
  const own = makeCertificateAuthority({ name });
  const certificate = Certificate.fromBER(own.certificateDer);
  const rootCertificate = Certificate.fromBER(root.certificateDer);
  certificate.issuer = rootCertificate.subject;
  const rootKeyId = rootCertificate.extensions?.find((e) => e.extnID === '2.5.29.14')?.parsedValue as OctetString;
  certificate.extensions = [
    ...(certificate.extensions ?? []),
    new Extension({
      extnID: '2.5.29.35',
      extnValue: new AuthorityKeyIdentifier({
        keyIdentifier: new OctetString({ valueHex: rootKeyId.valueBlock.valueHexView.slice().buffer }),
      })
        .toSchema()
        .toBER(false),
    }),
  ];
  const { key, engine } = await authoritySigner(root);
  await certificate.sign(key, 'SHA-256', engine);
  return openCertificateAuthority(new Uint8Array(certificate.toSchema(true).toBER(false)), own.privateKeyPkcs8);
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

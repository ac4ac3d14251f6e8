import fs from 'node:fs';
import path from 'node:path';
import {
  type CertificateAuthority,
  makeCertificateAuthority,
  makeCrl,
  makeSigningKey,
  openCertificateAuthority,
  type SigningKey,
  type SigningKeyOptions,
} from '@oqu/contracts/signing';

/**
 * The certificate authority the end-to-end server trusts, standing in for NCA RK: global setup
 * makes it, puts its certificate in the server's NCA_TRUST_DIR and a current CRL in NCA_CRL_DIR,
 * and leaves it in a file the specs read to issue examiners' keys.
 */

/** The environment variable through which global setup tells the specs where the authority is. */
const AUTHORITY_FILE = 'E2E_NCA_AUTHORITY_FILE';
const HOUR = 3_600_000;

interface StoredAuthority {
  certificateDer: string;
  privateKeyPkcs8: string;
}

/**
 * Makes the authority in `folder`: trust/ holds its certificate (DER), crl/ a CRL current for a
 * week that revokes nothing. Answers the two folders, for the server's NCA_TRUST_DIR and NCA_CRL_DIR.
 */
export async function makeTestAuthority(folder: string): Promise<{ trustDir: string; crlDir: string }> {
  const now = new Date();
  const authority = makeCertificateAuthority({ name: 'ҰКО TEST (RSA) Oqu e2e', now });
  const trustDir = path.join(folder, 'trust');
  const crlDir = path.join(folder, 'crl');
  fs.mkdirSync(trustDir);
  fs.mkdirSync(crlDir);
  fs.writeFileSync(path.join(trustDir, 'oqu-e2e-root.cer'), authority.certificateDer);
  fs.writeFileSync(path.join(crlDir, 'oqu-e2e-root.crl'), await makeCrl(authority, { thisUpdate: new Date(now.getTime() - HOUR) }));
  const stored: StoredAuthority = {
    certificateDer: Buffer.from(authority.certificateDer).toString('base64'),
    privateKeyPkcs8: Buffer.from(authority.privateKeyPkcs8).toString('base64'),
  };
  const file = path.join(folder, 'authority.json');
  fs.writeFileSync(file, JSON.stringify(stored));
  // Playwright's workers start after global setup and inherit its environment
  process.env[AUTHORITY_FILE] = file;
  return { trustDir, crlDir };
}

let loaded: CertificateAuthority | undefined;

/** The authority global setup made, as makeSigningKey takes an issuer. */
export function testAuthority(): CertificateAuthority {
  if (loaded) return loaded;
  const file = process.env[AUTHORITY_FILE];
  if (!file) throw new Error(`${AUTHORITY_FILE} is not set: the specs run after e2e/support/global-setup.ts`);
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredAuthority;
  loaded = openCertificateAuthority(Buffer.from(stored.certificateDer, 'base64'), Buffer.from(stored.privateKeyPkcs8, 'base64'));
  return loaded;
}

/** The authority's certificate, PEM: for `openssl cms -verify -CAfile`. */
export function testAuthorityPem(): string {
  const base64 = Buffer.from(testAuthority().certificateDer).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * An examiner's signing key issued by the test authority: their IIN and name ("Surname Given …")
 * in the certificate as NCA RK writes them, in a PKCS#12 file encrypted the legacy NCA RK way.
 */
export function issueExaminerKey(iin: string, name: string, options: Partial<SigningKeyOptions> = {}): SigningKey {
  const [surname, givenName] = name.split(' ');
  return makeSigningKey({ iin, surname, givenName, issuer: testAuthority(), encryption: 'legacy', ...options });
}

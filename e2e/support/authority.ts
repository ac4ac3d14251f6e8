import fs from 'node:fs';
import path from 'node:path';
import {
  type CertificateAuthority,
  makeCertificateAuthority,
  makeCrl,
  makeSigningKey,
  type SigningKey,
  type SigningKeyOptions,
} from '@oqu/contracts/signing';
import forge from 'node-forge';

/**
 * The certificate authority the end-to-end server trusts, standing in for NCA RK: global setup
 * makes it, puts its certificate in the server's NCA_TRUST_DIR and a current CRL in NCA_CRL_DIR,
 * and leaves it in a file the specs read to issue examiners' keys.
 */

/** The environment variable through which global setup tells the specs where the authority is. */
const AUTHORITY_FILE = 'E2E_NCA_AUTHORITY_FILE';
const HOUR = 3_600_000;

interface StoredAuthority {
  name: string;
  certificateDer: string;
  privateKeyPkcs8: string;
  privateKeyPem: string;
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
    name: authority.name,
    certificateDer: Buffer.from(authority.certificateDer).toString('base64'),
    privateKeyPkcs8: Buffer.from(authority.privateKeyPkcs8).toString('base64'),
    privateKeyPem: forge.pki.privateKeyToPem(authority.keys.privateKey),
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
  const certificateDer = Uint8Array.from(Buffer.from(stored.certificateDer, 'base64'));
  const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(Buffer.from(certificateDer).toString('binary')));
  // forge reads a UTF8String as its raw bytes but writes the value as text: decoded, the issuer name
  // written into the keys it issues is the authority's own, byte for byte
  for (const attribute of certificate.subject.attributes) {
    // (forge's types call valueTagClass an asn1 class; it is the string type)
    if (Number(attribute.valueTagClass) === forge.asn1.Type.UTF8 && typeof attribute.value === 'string') {
      attribute.value = forge.util.decodeUtf8(attribute.value);
    }
  }
  loaded = {
    name: stored.name,
    certificateDer,
    privateKeyPkcs8: Uint8Array.from(Buffer.from(stored.privateKeyPkcs8, 'base64')),
    keys: {
      privateKey: forge.pki.privateKeyFromPem(stored.privateKeyPem) as forge.pki.rsa.PrivateKey,
      publicKey: certificate.publicKey as forge.pki.rsa.PublicKey,
    },
    certificate,
  };
  return loaded;
}

/** The authority's certificate, PEM: for `openssl cms -verify -CAfile`. */
export function testAuthorityPem(): string {
  return forge.pki.certificateToPem(testAuthority().certificate);
}

/**
 * An examiner's signing key issued by the test authority: their IIN and name ("Surname Given …")
 * in the certificate as NCA RK writes them, in a PKCS#12 file encrypted the legacy NCA RK way.
 */
export function issueExaminerKey(iin: string, name: string, options: Partial<SigningKeyOptions> = {}): SigningKey {
  const [surname, givenName] = name.split(' ');
  return makeSigningKey({ iin, surname, givenName, issuer: testAuthority(), encryption: 'legacy', ...options });
}

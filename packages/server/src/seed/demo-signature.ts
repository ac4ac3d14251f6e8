import fs from 'node:fs/promises';
import path from 'node:path';
import { Role } from '@oqu/contracts';
import {
  type CertificateAuthority,
  makeCertificateAuthority,
  makeCrl,
  makeSigningKey,
  openCertificateAuthority,
  openPkcs12,
} from '@oqu/contracts/signing';
import { Certificate } from 'pkijs';
import type { Db } from '../db/database.js';
import type { SignaturesService } from '../modules/signatures/signatures.service.js';
import { DEMO_CRL_DIR, DEMO_TRUST_DIR } from '../modules/signatures/trust/settings.js';
import { verifyIssuedBy } from '../modules/signatures/trust/x509.js';
import { DEMO_ACCOUNTS } from './demo.js';

/** Where the demo examiner's key file is written, under DATA_DIR, and its password (README). */
export const DEMO_KEY_FILE = path.join('demo', 'examiner-key.p12');
export const DEMO_KEY_PASSWORD = 'Exam2026!';
/** The demo's own certificate authority: its certificate among the trusted, its key beside them. */
export const DEMO_AUTHORITY_NAME = 'Oqu Demo CA';
const AUTHORITY_CERTIFICATE = path.join(DEMO_TRUST_DIR, 'oqu-demo-ca.cer');
const AUTHORITY_KEY = path.join('demo', 'oqu-demo-ca.key');
const AUTHORITY_CRL = path.join(DEMO_CRL_DIR, 'oqu-demo-ca.crl');

const DAY = 86_400_000;
/** how far back the demo's CRL and key reach: the held demo exam (two days ago) is signed on its day */
const BACKDATED = 7 * DAY;
/** a key that expires within this is issued anew, so that the demo keeps signing */
const RENEW_BEFORE = 30 * DAY;

/**
 * Makes the demo ready to sign as the server checks signatures: the demo's certificate authority
 * (made at the first start, kept in DATA_DIR/demo: its certificate in the trusted directory, its
 * private key beside it), a fresh CRL of it at every start (valid a year, so the demo needs no cron),
 * and the demo examiner's key file issued by it. A key file the authority did not issue (an older
 * demo's self-signed key) or one about to expire is issued anew. The examiner must exist (demo data).
 */
export async function prepareDemoSigning(db: Db, dataDir: string, now = new Date()): Promise<void> {
  const authority = await demoAuthority(dataDir, now);
  // the held exam of two days ago is signed on its day: the CRL and the key already cover that day
  const since = new Date(now.getTime() - BACKDATED);
  await writeFile(
    dataDir,
    AUTHORITY_CRL,
    await makeCrl(authority, {
      thisUpdate: since,
      nextUpdate: new Date(now.getTime() + 365 * DAY),
      number: Math.floor(now.getTime() / 1000),
    }),
  );
  const iin = DEMO_ACCOUNTS.find((account) => account.role === Role.Examiner)?.iin ?? '';
  const examiner = await db.selectFrom('users').select(['iin', 'last_name', 'first_name']).where('iin', '=', iin).executeTakeFirst();
  if (!examiner || (await hasCurrentKey(dataDir, authority, now))) return;
  const key = makeSigningKey({
    iin: examiner.iin,
    surname: examiner.last_name,
    givenName: examiner.first_name,
    password: DEMO_KEY_PASSWORD,
    encryption: 'legacy',
    issuer: authority,
    now: since,
  });
  await writeFile(dataDir, DEMO_KEY_FILE, key.p12);
}

async function demoAuthority(dataDir: string, now: Date): Promise<CertificateAuthority> {
  const [certificate, key] = await Promise.all(
    [AUTHORITY_CERTIFICATE, AUTHORITY_KEY].map((file) => fs.readFile(path.join(dataDir, file)).catch(() => null)),
  );
  if (certificate && key) return openCertificateAuthority(certificate, key);
  const authority = makeCertificateAuthority({ name: DEMO_AUTHORITY_NAME, now });
  await writeFile(dataDir, AUTHORITY_KEY, authority.privateKeyPkcs8);
  await writeFile(dataDir, AUTHORITY_CERTIFICATE, authority.certificateDer);
  return authority;
}

/** The key file is there, issued by this authority, and not about to expire. */
async function hasCurrentKey(dataDir: string, authority: CertificateAuthority, now: Date): Promise<boolean> {
  const bytes = await fs.readFile(path.join(dataDir, DEMO_KEY_FILE)).catch(() => null);
  if (!bytes) return false;
  try {
    const { certificate, certificateDer } = openPkcs12(new Uint8Array(bytes).buffer, DEMO_KEY_PASSWORD);
    const issued = (await verifyIssuedBy(Certificate.fromBER(certificateDer), Certificate.fromBER(authority.certificateDer))) === true;
    return issued && certificate.validTo.getTime() - now.getTime() > RENEW_BEFORE;
  } catch {
    return false;
  }
}

async function writeFile(dataDir: string, name: string, bytes: Uint8Array) {
  const file = path.join(dataDir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // written whole, then renamed: the server rereads these directories and must never see half a file
  await fs.writeFile(`${file}.tmp`, bytes, { mode: 0o600 });
  await fs.rename(`${file}.tmp`, file);
}

/**
 * Signs the held demo exam's report card as the demo examiner with their key file (prepareDemoSigning
 * made it), through the same verification as a browser's signature.
 */
export async function signDemoReportCard(
  signatures: SignaturesService,
  held: { heldExamId: number; examinerId: number; signedAt: Date },
  dataDir: string,
): Promise<void> {
  const key = openPkcs12(new Uint8Array(await fs.readFile(path.join(dataDir, DEMO_KEY_FILE))).buffer, DEMO_KEY_PASSWORD);
  const user = { id: held.examinerId, roleId: Role.Examiner, fullName: key.certificate.holder };
  await signatures.signWithKey(user, held.heldExamId, key, held.signedAt);
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
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
import type { Storage } from '../plugins/storage.js';
import { DEMO_ACCOUNTS } from './demo.js';

/** The demo examiner's key file: kept in storage, copied under DATA_DIR for the person trying the demo (README), and its password. */
export const DEMO_KEY_FILE = path.join('demo', 'examiner-key.p12');
export const DEMO_KEY_PASSWORD = 'Exam2026!';
/** The demo's own certificate authority: its certificate among the trusted, its key beside them. */
export const DEMO_AUTHORITY_NAME = 'Oqu Demo CA';
/**
 * In storage, shared by every server process: the authority (certificate and key in one `.json`, so
 * never half of one pair with half of another) and the examiner's key file (`.p12`). `/files/` serves
 * any key to whoever names it, so these secrets get random names under `demo/`, found by listing.
 */
export const DEMO_STORED_FOLDER = 'demo/';
/** Under DATA_DIR, rewritten from storage at every start: what the trust checks read from directories. */
export const DEMO_AUTHORITY_CERTIFICATE = path.join(DEMO_TRUST_DIR, 'oqu-demo-ca.cer');
const AUTHORITY_CRL = path.join(DEMO_CRL_DIR, 'oqu-demo-ca.crl');

const DAY = 86_400_000;
/** how far back the demo's CRL and key reach: the held demo exam (two days ago) is signed on its day */
const BACKDATED = 7 * DAY;
/** a key that expires within this is issued anew, so that the demo keeps signing */
const RENEW_BEFORE = 30 * DAY;

/**
 * Makes the demo ready to sign as the server checks signatures: the demo's certificate authority
 * (made at the first start and kept in storage, so every process sharing it trusts the same one),
 * its certificate written to the trusted directory under DATA_DIR, a fresh CRL of it there at every
 * start (valid a year, so the demo needs no cron), and the demo examiner's key file issued by it (in
 * storage, with a copy under DATA_DIR). A key file the authority did not issue (an older demo's
 * self-signed key) or one about to expire is issued anew. The examiner must exist (demo data).
 */
export async function prepareDemoSigning(db: Db, storage: Storage, dataDir: string, now = new Date()): Promise<void> {
  const authority = await demoAuthority(storage, now);
  await writeLocal(dataDir, DEMO_AUTHORITY_CERTIFICATE, authority.certificateDer);
  // the held exam of two days ago is signed on its day: the CRL and the key already cover that day
  const since = new Date(now.getTime() - BACKDATED);
  await writeLocal(
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
  if (!examiner) return;
  const stored = await findStored(storage, 'p12');
  let keyFile = stored?.bytes;
  if (!keyFile || !(await isCurrentKey(keyFile, authority, now))) {
    keyFile = makeSigningKey({
      iin: examiner.iin,
      surname: examiner.last_name,
      givenName: examiner.first_name,
      password: DEMO_KEY_PASSWORD,
      encryption: 'legacy',
      issuer: authority,
      now: since,
    }).p12;
    await storage.put(storedKey('p12'), Buffer.from(keyFile));
    if (stored) await storage.remove(stored.key);
  }
  await writeLocal(dataDir, DEMO_KEY_FILE, keyFile);
}

async function demoAuthority(storage: Storage, now: Date): Promise<CertificateAuthority> {
  const stored = await findStored(storage, 'json');
  if (stored) return openAuthority(stored.bytes);
  const made = makeCertificateAuthority({ name: DEMO_AUTHORITY_NAME, now });
  const pair = { certificate: toBase64(made.certificateDer), key: toBase64(made.privateKeyPkcs8) };
  await storage.put(storedKey('json'), Buffer.from(JSON.stringify(pair)));
  // found again: of two processes making one at once, both go on with the first in key order
  const found = await findStored(storage, 'json');
  if (!found) throw new Error('The demo authority just stored cannot be read back');
  return openAuthority(found.bytes);
}

function openAuthority(bytes: Uint8Array): CertificateAuthority {
  const { certificate, key } = JSON.parse(Buffer.from(bytes).toString('utf8')) as { certificate: string; key: string };
  return openCertificateAuthority(Buffer.from(certificate, 'base64'), Buffer.from(key, 'base64'));
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The key file is issued by this authority and not about to expire. */
async function isCurrentKey(bytes: Uint8Array, authority: CertificateAuthority, now: Date): Promise<boolean> {
  try {
    const { certificate, certificateDer } = openPkcs12(new Uint8Array(bytes).buffer, DEMO_KEY_PASSWORD);
    const issued = (await verifyIssuedBy(Certificate.fromBER(certificateDer), Certificate.fromBER(authority.certificateDer))) === true;
    return issued && certificate.validTo.getTime() - now.getTime() > RENEW_BEFORE;
  } catch {
    return false;
  }
}

const storedKey = (extension: string) => `${DEMO_STORED_FOLDER}${randomBytes(16).toString('hex')}.${extension}`;

/** The first file under the demo's folder with this extension, in key order. */
async function findStored(storage: Storage, extension: string): Promise<{ key: string; bytes: Uint8Array } | null> {
  for await (const { key } of storage.list(DEMO_STORED_FOLDER)) {
    if (!key.endsWith(`.${extension}`)) continue;
    const found = await storage.read(key);
    if (found) return { key, bytes: new Uint8Array(await buffer(found.stream)) };
  }
  return null;
}

async function writeLocal(dataDir: string, name: string, bytes: Uint8Array) {
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
  storage: Storage,
): Promise<void> {
  const stored = await findStored(storage, 'p12');
  if (!stored) throw new Error('The demo examiner has no key file: prepareDemoSigning makes it');
  const key = openPkcs12(new Uint8Array(stored.bytes).buffer, DEMO_KEY_PASSWORD);
  const user = { id: held.examinerId, roleId: Role.Examiner, fullName: key.certificate.holder };
  await signatures.signWithKey(user, held.heldExamId, key, held.signedAt);
}

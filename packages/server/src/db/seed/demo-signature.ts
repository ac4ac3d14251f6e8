import fs from 'node:fs/promises';
import path from 'node:path';
import { Role } from '@oqu/contracts';
import { makeSigningKey, openPkcs12 } from '@oqu/contracts/signing';
import type { SignaturesService } from '../../modules/signatures/signatures.service.js';
import type { Db } from '../database.js';

/** Where the demo examiner's key file is written, under DATA_DIR, and its password (README). */
export const DEMO_KEY_FILE = path.join('demo', 'examiner-key.p12');
export const DEMO_KEY_PASSWORD = 'Exam2026!';

/**
 * Signs the held demo exam's report card as the demo examiner, with a key made for them now (their
 * IIN, their name), through the same verification as a browser's signature. The key file is kept
 * in DATA_DIR so that whoever tries the demo can sign the running exam's card with it.
 */
export async function signDemoReportCard(
  db: Db,
  signatures: SignaturesService,
  held: { heldExamId: number; examinerId: number },
  dataDir: string,
): Promise<void> {
  const examiner = await db
    .selectFrom('users')
    .select(['id', 'iin', 'full_name', 'last_name', 'first_name'])
    .where('id', '=', held.examinerId)
    .executeTakeFirstOrThrow();
  const key = makeSigningKey({
    iin: examiner.iin,
    surname: examiner.last_name,
    givenName: examiner.first_name,
    password: DEMO_KEY_PASSWORD,
    encryption: 'legacy',
  });
  const file = path.join(dataDir, DEMO_KEY_FILE);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, key.p12);
  const user = { id: examiner.id, roleId: Role.Examiner, fullName: examiner.full_name };
  await signatures.signWithKey(user, held.heldExamId, openPkcs12(key.p12.slice().buffer, DEMO_KEY_PASSWORD));
}

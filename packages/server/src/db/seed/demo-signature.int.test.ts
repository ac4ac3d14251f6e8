import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@oqu/contracts';
import { openPkcs12 } from '@oqu/contracts/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { DEMO_ACCOUNTS } from './demo.js';
import { DEMO_KEY_FILE, DEMO_KEY_PASSWORD, signDemoReportCard } from './demo-signature.js';

describe('the demo’s signed report card', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-demo-key-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('signs the held exam as the demo examiner and leaves their key file for the demo', async () => {
    const examiner = DEMO_ACCOUNTS.find((account) => account.role === Role.Examiner);
    const held = await t.db.selectFrom('exams').select('id').where('ended_at', 'is not', null).executeTakeFirstOrThrow();
    const examinerId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('iin', '=', examiner?.iin ?? '')
        .executeTakeFirstOrThrow()
    ).id;

    await signDemoReportCard(t.db, t.app.services.signatures, { heldExamId: held.id, examinerId }, dataDir);

    const signatures = await t.db.selectFrom('exam_signatures').selectAll().where('exam_id', '=', held.id).execute();
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({ examiner_id: examinerId, signer_iin: examiner?.iin });
    const key = openPkcs12(new Uint8Array(await fs.readFile(path.join(dataDir, DEMO_KEY_FILE))).buffer, DEMO_KEY_PASSWORD);
    expect(key.certificate.iin).toBe(examiner?.iin);
  });
});

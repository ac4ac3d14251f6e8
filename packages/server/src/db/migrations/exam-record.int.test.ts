import { Role } from '@oqu/contracts';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemoSigning, signDemoReportCard } from '../../seed/demo-signature.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { migrations } from './index.js';

/**
 * The exam record's migration snapshots the completed exams it finds: on the demo's data (the held
 * exam, signed), undoing it and running it again gives the record the server froze, less the
 * verdicts (written by the first signature since; the migration leaves them to the votes).
 */
describe('migration 202611270001_exam_record on the demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'demo' });
  });
  afterAll(() => t.close());

  const record = async () => ({
    records: await t.db
      .selectFrom('exam_records')
      .select(['exam_id', 'completed_at', 'pass_marks', 'test_count'])
      .orderBy('exam_id')
      .execute(),
    participants: await t.db
      .selectFrom('exam_participants')
      .select(['exam_id', 'user_id', 'region_id', 'full_name', 'department', 'duty', 'iin', 'tabel', 'passed', 'total'])
      .orderBy('exam_id')
      .orderBy('user_id')
      .execute(),
    documents: await t.db.selectFrom('exam_documents').select(['exam_id', 'pdf_key', 'pdf_sha256']).orderBy('exam_id').execute(),
  });

  it('gives the signed held exam the record, participants and document the server froze', async () => {
    await prepareDemoSigning(t.db, t.storage, t.config.DATA_DIR);
    const held = await t.db.selectFrom('exams').select(['id', 'ended_at']).where('ended_at', 'is not', null).executeTakeFirstOrThrow();
    const examinerId = await t.idOf(Role.Examiner);
    const signedAt = new Date(new Date(held.ended_at ?? 0).getTime() + 15 * 60_000);
    await signDemoReportCard(t.app.services.signatures, { heldExamId: held.id, examinerId, signedAt }, t.storage);
    const frozen = await record();
    expect(frozen.records.map((r) => r.exam_id)).toEqual([held.id]);
    expect(frozen.participants.length).toBeGreaterThan(0);
    expect(frozen.documents.map((d) => d.exam_id)).toEqual([held.id]);

    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations).sort();
    const before = names[names.indexOf('202611270001_exam_record') - 1];
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await record()).toEqual(frozen);
    const chair = await t.db
      .selectFrom('exam_examiners')
      .select('examiner_id')
      .where('exam_id', '=', held.id)
      .where('chair', '=', true)
      .execute();
    expect(chair).toEqual([{ examiner_id: examinerId }]);
  });
});

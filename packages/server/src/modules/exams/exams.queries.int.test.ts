import { Role } from '@oqu/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { createExam, type ExamWorld, examForm, examWorld, passTests } from '../../test/exams.js';
import { countingQueries } from '../../test/queries.js';
import { insertPerson, sessionFor } from '../../test/rooms.js';

const MANY = 2000;

/**
 * The exam's table, the region view and the trainee's list take a fixed number of SQL statements
 * however many trainees take part: an exam of 2 participants against one of 2,000.
 */
describe('exams: queries per request do not grow with the exam', () => {
  let t: TestApp;
  let w: ExamWorld;
  let app: FastifyInstance;
  let counter: ReturnType<typeof countingQueries>;
  const small = { examId: 0, region: { id: 0, token: '' }, trainee: '' };
  const big = { examId: 0, region: { id: 0, token: '' }, trainee: '' };

  beforeAll(async () => {
    t = await createTestApp();
    w = await examWorld(t);
    // the attempts sweep runs on its own timer: its statements are not the request's
    counter = countingQueries(t.db, 'deadline_at');
    app = await buildApp({ config: t.config, db: counter.db });

    small.region = await insertPerson(t.db, Role.Region, { fullName: 'Малый регион' });
    for (const name of ['Первый Слушатель Малого', 'Второй Слушатель Малого']) {
      const p = await insertPerson(t.db, Role.Trainee, { planId: w.planId, fullName: name });
      await t.db.updateTable('users').set({ region_id: small.region.id }).where('id', '=', p.id).execute();
      await passTests(t.db, p.id, w.tests, 2);
      small.trainee = p.token;
    }
    big.region = await insertPerson(t.db, Role.Region, { fullName: 'Большой регион' });
    const inserted = await sql<{ id: number }>`
      insert into users (role_id, iin, last_name, first_name, middle_name, full_name, password_hash, plan_id, region_id)
      select ${Role.Trainee}::int, lpad((800000000000 + g)::text, 12, '0'), 'Слушатель', 'Номер', '', 'Слушатель ' || lpad(g::text, 5, '0'),
        'not-used', ${w.planId}::int, ${big.region.id}::int
      from generate_series(1, ${MANY}::int) g returning id`.execute(t.db);
    expect(inserted.rows).toHaveLength(MANY);
    big.trainee = await sessionFor(t.db, inserted.rows[0]?.id as number);
    for (const testId of w.tests.slice(0, 2)) {
      await sql`insert into attempts (user_id, test_id, deadline_at, finished_at, question_count, correct_count, pass_marks, passed)
        select u.id, ${testId}::int, now(), now(), 2, 2, 50, true from users u where u.region_id = ${big.region.id}::int`.execute(t.db);
    }

    small.examId = await createExam(t, examForm(w, { Regions: [small.region.id] }));
    big.examId = await createExam(t, examForm(w, { Regions: [big.region.id] }));
    await sql`insert into exam_votes (exam_id, examiner_id, user_id, accepted)
      select ${big.examId}::int, ${w.examiner.id}::int, u.id, true from users u where u.region_id = ${big.region.id}::int`.execute(t.db);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t.close();
  });

  /** Statements one GET runs (its session already cached by a first call). */
  async function statementsOf(url: string, token: string) {
    const first = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(first.statusCode, first.body).toBe(200);
    counter.reset();
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    // the counter sees the request's statements (none would mean it counts nothing)
    expect(counter.count).toBeGreaterThan(0);
    return { count: counter.count, body: response.json() };
  }

  it('reads the examiners’ table of 2,000 participants in as many statements as of 2', async () => {
    const few = await statementsOf(`/table/get?id=${small.examId}`, w.examiner.token);
    const many = await statementsOf(`/table/get?id=${big.examId}`, w.examiner.token);
    expect(few.body.data[0].Users).toHaveLength(2);
    expect(many.body.data[0].Users).toHaveLength(MANY);
    expect(many.body.data[0].Users[MANY - 1]).toMatchObject({ Results: { Passed: 2, Total: 3 }, ExamenatorVote: 'true' });
    expect(many.count).toBe(few.count);
    // freezing an exam that ended by time, the exam, its participants
    expect(many.count).toBeLessThanOrEqual(3);
  });

  it('reads the region view in as many statements whatever the region’s size', async () => {
    const fewTable = await statementsOf(`/table/get?id=${small.examId}`, small.region.token);
    const manyTable = await statementsOf(`/table/get?id=${big.examId}`, big.region.token);
    expect(manyTable.body.data[0].Users).toHaveLength(MANY);
    expect(manyTable.count).toBe(fewTable.count);
    const fewList = await statementsOf('/api/exam/getexam', small.region.token);
    const manyList = await statementsOf('/api/exam/getexam', big.region.token);
    expect(manyList.body.data[0].Participants).toBe(MANY);
    expect(manyList.count).toBe(fewList.count);
    // the list alone: its exams are frozen already, and a read freezes nothing else
    expect(manyList.count).toBe(1);
  });

  it('reads a trainee’s exam list in as many statements whatever the exam’s size', async () => {
    const few = await statementsOf('/api/exam/getexam', small.trainee);
    const many = await statementsOf('/api/exam/getexam', big.trainee);
    expect(many.body.data.map((e: { ID: number }) => e.ID)).toContain(big.examId);
    expect(many.body.data.find((e: { ID: number }) => e.ID === big.examId).Results).toEqual({ Passed: 2, Total: 3 });
    expect(many.count).toBe(few.count);
    expect(many.count).toBe(1);
  });
});

import { Role } from '@oqu/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertAnswer, insertAttempt, insertPlan, insertQuestion, insertTest, insertTopic, RUNNING } from '../../test/catalogue.js';

/** attempts_record_answer (db/sql/attempts_record_answer.sql) says in the same call why it stored nothing. */
describe('attempts_record_answer', () => {
  let t: TestApp;
  let userId: number;
  let planId: number;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    userId = await t.idOf(Role.Trainee);
    planId = await insertPlan(t.db, 'План');
    topicId = await insertTopic(t.db, planId, 'Тема');
  });
  afterAll(() => t?.close());

  /** A test of two questions (the second without a variant C) and a question of another test. */
  const aTest = async () => {
    const testId = await insertTest(t.db, planId, topicId);
    const first = await insertQuestion(t.db, testId);
    const second = await insertQuestion(t.db, testId);
    const foreign = await insertQuestion(t.db, await insertTest(t.db, planId, topicId));
    return { testId, first, second, foreign };
  };
  const record = async (testId: number, questionId: number, letter: string) => {
    const result = await sql<{
      stored: boolean;
      reason: string | null;
      expired: boolean;
      id: number | null;
      answered_count: number | null;
      finished_at: Date | null;
    }>`select * from attempts_record_answer(${userId}, ${testId}, ${questionId}, ${letter})`.execute(t.db);
    expect(result.rows).toHaveLength(1);
    const [row] = result.rows;
    return { stored: row?.stored, reason: row?.reason, expired: row?.expired, id: row?.id, answered: row?.answered_count };
  };

  it('stores an answer of a running attempt, and scores the attempt with its last one', async () => {
    const { testId, first, second } = await aTest();
    const attemptId = await insertAttempt(t.db, userId, testId, RUNNING);
    expect(await record(testId, first, 'A')).toEqual({ stored: true, reason: null, expired: false, id: attemptId, answered: 1 });
    expect(await record(testId, second, 'B')).toMatchObject({ stored: true, answered: 2 });
    const attempt = await t.db
      .selectFrom('attempts')
      .select(['finished_at', 'correct_count'])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt.finished_at).not.toBeNull();
    expect(attempt.correct_count).toBe(1);
  });

  it('tells a refusal by its reason, with the attempt it is about', async () => {
    const { testId, first, second, foreign } = await aTest();
    expect(await record(testId, first, 'A')).toEqual({ stored: false, reason: 'no_attempt', expired: false, id: null, answered: null });
    const attemptId = await insertAttempt(t.db, userId, testId, RUNNING);
    await insertAnswer(t.db, attemptId, first, 'B', false);
    expect(await record(testId, first, 'B')).toEqual({ stored: false, reason: 'repeated', expired: false, id: attemptId, answered: 1 });
    expect(await record(testId, first, 'A')).toMatchObject({ stored: false, reason: 'answered', id: attemptId });
    expect(await record(testId, foreign, 'A')).toMatchObject({ stored: false, reason: 'not_in_test', id: attemptId });
    expect(await record(testId, second, 'C')).toMatchObject({ stored: false, reason: 'no_variant', id: attemptId });
    await t.db.updateTable('questions').set({ archived_at: new Date() }).where('id', '=', second).execute();
    expect(await record(testId, second, 'A')).toMatchObject({ stored: false, reason: 'not_in_test' });
  });

  it('refuses an attempt past its deadline (time_over, expired) and a finished one (not_running)', async () => {
    const { testId, first } = await aTest();
    const attemptId = await insertAttempt(t.db, userId, testId, { ...RUNNING, deadline_at: new Date(Date.now() - 1000) });
    expect(await record(testId, first, 'A')).toEqual({ stored: false, reason: 'time_over', expired: true, id: attemptId, answered: 0 });
    await t.db.updateTable('attempts').set({ finished_at: new Date(), passed: false }).where('id', '=', attemptId).execute();
    expect(await record(testId, first, 'A')).toEqual({ stored: false, reason: 'not_running', expired: false, id: attemptId, answered: 0 });
  });
});

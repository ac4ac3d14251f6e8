import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { FAILED, insertAttempt, insertPlan, insertRetake, insertTest, insertTopic, RUNNING } from '../test/catalogue.js';
import { bestAttemptOf, latestFinishedOf, passedAttemptsOf, runningAttemptOf, unusedRetakesOf } from './attempts.sql.js';

const at = (iso: string) => new Date(iso);

describe("a person's standing in a test (attempts.sql.ts)", () => {
  let t: TestApp;
  let userId: number;
  let testId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    userId = await t.idOf(Role.Trainee);
    const adminId = await t.idOf(Role.Admin);
    const planId = await insertPlan(t.db, 'План');
    testId = await insertTest(t.db, planId, await insertTopic(t.db, planId, 'Тема'));
    const finished = (finishedAt: string, correct: number, questions: number) =>
      insertAttempt(t.db, userId, testId, {
        ...FAILED,
        started_at: at(finishedAt),
        finished_at: at(finishedAt),
        correct_count: correct,
        question_count: questions,
        passed: questions > 0 && correct * 2 >= questions,
      });
    ids.half = await finished('2026-01-01T10:00:00Z', 1, 2);
    ids.halfLater = await finished('2026-01-02T10:00:00Z', 2, 4);
    ids.empty = await finished('2026-01-03T10:00:00Z', 0, 0);
    ids.third = await finished('2026-01-04T10:00:00Z', 1, 3);
    ids.running = await insertAttempt(t.db, userId, testId, { ...RUNNING, question_count: 4, correct_count: 0 });
    const retake = (date: string) => insertRetake(t.db, userId, testId, at(date), adminId);
    ids.usedRetake = await retake('2025-12-01T00:00:00Z');
    ids.laterRetake = await retake('2026-03-01T00:00:00Z');
    ids.earlierRetake = await retake('2026-02-01T00:00:00Z');
    await t.db.updateTable('attempts').set({ retake_id: ids.usedRetake }).where('id', '=', ids.third).execute();
  });
  afterAll(() => t?.close());

  const idOf = async (query: ReturnType<typeof latestFinishedOf>) =>
    (await t.db.selectFrom(query.select('a.id').as('x')).select('x.id').execute()).map((r) => r.id);

  it('the best finished attempt is the most right in proportion, the latest of equals; no questions counts last', async () => {
    expect(await idOf(bestAttemptOf(userId, testId))).toEqual([ids.halfLater]);
  });

  it('the latest finished attempt and the running one are told apart', async () => {
    expect(await idOf(latestFinishedOf(userId, testId))).toEqual([ids.third]);
    expect(await idOf(runningAttemptOf(userId, testId))).toEqual([ids.running]);
  });

  it('passed attempts are the finished ones that passed', async () => {
    const passed = await idOf(passedAttemptsOf(userId, testId));
    expect(passed.sort((a, b) => a - b)).toEqual([ids.half, ids.halfLater]);
  });

  it('unused retakes come earliest first; one an attempt used is gone', async () => {
    const rows = await t.db.selectFrom(unusedRetakesOf(userId, testId).select('r.id').as('x')).select('x.id').execute();
    expect(rows.map((r) => r.id)).toEqual([ids.earlierRetake, ids.laterRetake]);
  });

  it("another person's attempts and retakes never count", async () => {
    const otherId = await t.idOf(Role.Admin);
    expect(await idOf(bestAttemptOf(otherId, testId))).toEqual([]);
    expect(await idOf(runningAttemptOf(otherId, testId))).toEqual([]);
  });
});

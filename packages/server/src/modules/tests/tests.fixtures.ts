import type { Db } from '../../db/database.js';

/**
 * Catalogue rows made directly in the database, for the tests and questions integration tests:
 * plans and topics belong to other modules, attempts and answers to the testing engine.
 */

export async function insertPlan(db: Db, name: string) {
  const row = await db.insertInto('plans').values({ name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTopic(db: Db, planId: number, name: string, position = 0) {
  const row = await db
    .insertInto('topics')
    .values({ plan_id: planId, name, position, type_id: 9, edu_type_id: 11 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Live people to own attempts (the demo data has several). */
export async function someUserIds(db: Db, count: number) {
  const rows = await db.selectFrom('users').select('id').where('archived_at', 'is', null).orderBy('id').limit(count).execute();
  if (rows.length < count) throw new Error(`Only ${rows.length} users to own attempts`);
  return rows.map((r) => r.id);
}

/** A trainee's attempt of a test: finished with a verdict, or still running (`passed` undefined). */
export async function insertAttempt(db: Db, userId: number, testId: number, passed?: boolean) {
  const finished = passed !== undefined;
  const row = await db
    .insertInto('attempts')
    .values({
      user_id: userId,
      test_id: testId,
      deadline_at: new Date(Date.now() + 3_600_000),
      finished_at: finished ? new Date() : null,
      question_count: 2,
      correct_count: passed ? 2 : 0,
      pass_marks: 50,
      passed: finished ? passed : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAnswer(db: Db, attemptId: number, questionId: number, answer = 'A', isCorrect = true) {
  await db
    .insertInto('attempt_answers')
    .values({ attempt_id: attemptId, question_id: questionId, answer, is_correct: isCorrect })
    .execute();
}

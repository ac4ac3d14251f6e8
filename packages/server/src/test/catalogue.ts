import fs from 'node:fs/promises';
import path from 'node:path';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AttemptsTable, PlansTable, QuestionsTable, RetakesTable, TestsTable, TopicsTable } from '../db/schema.js';
import type { TestApp } from './app.js';
import { tinyPng } from './factories.js';

/**
 * Catalogue rows written straight into the database, for integration tests that need them to exist
 * (a module's own rows go through its API in its own tests). Attempts and answers stand for what
 * the testing engine records. Each factory answers the new row's id; `values` change any column.
 */

/** Topic types (dictionary /api/gettopictype) and education types (/api/gettopicedutype) of the seed. */
export const PRODUCTION = 9;
export const THEORY = 10;
export const IN_PERSON = 11;
export const DISTANCE = 12;

type Values<T> = Partial<Insertable<T>>;

export async function insertPlan(db: Db, name: string, values: Values<PlansTable> = {}) {
  const row = await db
    .insertInto('plans')
    .values({ name, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTopic(db: Db, planId: number, name: string, values: Values<TopicsTable> = {}) {
  const row = await db
    .insertInto('topics')
    .values({ plan_id: planId, name, position: 0, type_id: PRODUCTION, edu_type_id: IN_PERSON, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTest(db: Db, planId: number, topicId: number, name = 'Проверка знаний', values: Values<TestsTable> = {}) {
  const row = await db
    .insertInto('tests')
    .values({ plan_id: planId, topic_id: topicId, name, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertQuestion(db: Db, testId: number, values: Values<QuestionsTable> = {}) {
  const row = await db
    .insertInto('questions')
    .values({ test_id: testId, text: 'Вопрос?', variant_a: 'Да', variant_b: 'Нет', correct_answer: 'A', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An attempt's values for a run that failed, and for one still running. */
export const FAILED = { passed: false, correct_count: 0 } as const;
export const RUNNING = { finished_at: null, passed: null } as const;

/** A trainee's attempt of a test: finished and passed (2 of 2 right) unless `values` say otherwise. */
export async function insertAttempt(db: Db, userId: number, testId: number, values: Values<AttemptsTable> = {}) {
  const row = await db
    .insertInto('attempts')
    .values({
      user_id: userId,
      test_id: testId,
      deadline_at: new Date(Date.now() + 3_600_000),
      finished_at: new Date(),
      question_count: 2,
      correct_count: 2,
      pass_marks: 50,
      passed: true,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A retake of a test for a person, open from `availableFrom`, assigned by `createdBy`. */
export async function insertRetake(
  db: Db,
  userId: number,
  testId: number,
  availableFrom: Date,
  createdBy: number,
  values: Values<RetakesTable> = {},
) {
  const row = await db
    .insertInto('retakes')
    .values({ user_id: userId, test_id: testId, available_from: availableFrom, created_by: createdBy, ...values })
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

/** Live people to own attempts (the demo data has several). */
export async function someUserIds(db: Db, count: number) {
  const rows = await db.selectFrom('users').select('id').where('archived_at', 'is', null).orderBy('id').limit(count).execute();
  if (rows.length < count) throw new Error(`Only ${rows.length} users to own attempts`);
  return rows.map((r) => r.id);
}

/** A question image put straight into the app's file storage under `key`; answers its path on disk. */
export async function storeImage(t: TestApp, key: string) {
  const file = path.join(t.config.DATA_DIR, 'files', key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, tinyPng());
  return file;
}

import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { type Db, openDatabase } from '../db/database.js';
import { adminQuery, databaseUrlOf, type TemplateKind } from './global-setup.js';

export interface TestDatabase {
  db: Db;
  /** its PostgreSQL URL; undefined on PGlite */
  url: string | undefined;
  close(): Promise<void>;
}

/**
 * A database of the test's own, copied from the run's template (made by global-setup.ts): on the
 * PostgreSQL of DATABASE_URL when it is set (as in CI), else an in-memory PGlite.
 */
export async function openTestDatabase(kind: TemplateKind): Promise<TestDatabase> {
  const templates = inject('databaseTemplates');
  const baseUrl = process.env.DATABASE_URL;
  let test: TestDatabase;
  if (baseUrl && templates.postgres) {
    const name = `oqu_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(baseUrl, [`create database ${name} template ${templates.postgres[kind]}`]);
    const url = databaseUrlOf(baseUrl, name);
    const db = await openDatabase({ databaseUrl: url, dataDir: '' });
    test = {
      db,
      url,
      async close() {
        await db.destroy();
        await adminQuery(baseUrl, [`drop database if exists ${name} with (force)`]);
      },
    };
  } else if (!baseUrl && templates.pglite) {
    const dump = new Blob([await fs.readFile(templates.pglite[kind])]);
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
    test = { db, url: undefined, close: () => db.destroy() };
  } else {
    throw new Error('The test database templates were made for another DATABASE_URL: run the tests with the one vitest started with');
  }
  if (kind === 'demo') await retimeDemo(test.db, Date.now() - templates.seededAt);
  return test;
}

/**
 * The demo seed times its webinars and exams from the moment of seeding (one about to begin, one in
 * progress, one held two days ago); the template was seeded when the run began, so they move on by
 * the time since, as if this file had seeded its own.
 */
async function retimeDemo(db: Db, elapsedMs: number): Promise<void> {
  const by = sql`${elapsedMs}::double precision * interval '1 millisecond'`;
  await sql`update webinars set begin_time = begin_time + ${by}, started_at = started_at + ${by}, ended_at = ended_at + ${by}`.execute(db);
  await sql`update webinar_attendance set joined_at = joined_at + ${by}, last_joined_at = last_joined_at + ${by}`.execute(db);
  await sql`update webinar_presence set opened_at = opened_at + ${by}, seen_at = seen_at + ${by}, closed_at = closed_at + ${by}`.execute(
    db,
  );
  await sql`update exams set begin_time = begin_time + ${by}, ended_at = ended_at + ${by}`.execute(db);
  await sql`update exam_votes set voted_at = voted_at + ${by}`.execute(db);
}

/** A freshly migrated database of its own, with no data (PostgreSQL when DATABASE_URL is set, else PGlite). */
export async function createMigratedDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  return openTestDatabase('schema');
}

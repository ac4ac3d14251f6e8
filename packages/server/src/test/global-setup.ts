import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { PGliteDialect } from '../db/pglite-dialect.js';
import type { Database } from '../db/schema.js';
import { seedDemo } from '../seed/demo.js';

/**
 * The databases every test file starts from, made once per run rather than once per file: a
 * migrated one ('schema') and one with the demo data too ('demo'). On PostgreSQL they are template
 * databases a file copies with `create database … template`; on PGlite, dumps of the data directory
 * a file loads.
 */
export interface DatabaseTemplates {
  postgres?: Record<TemplateKind, string>;
  pglite?: Record<TemplateKind, string>;
  /** when the demo data was seeded (ms since the epoch): its webinars and exams are timed from then */
  seededAt: number;
}
export type TemplateKind = 'schema' | 'demo';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Vitest's global setup: makes the templates, and answers the step that removes them after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const prefix = `oqu_template_${process.pid}_${Date.now()}`;
    const names = { schema: `${prefix}_schema`, demo: `${prefix}_demo` };
    const drop = () =>
      adminQuery(
        baseUrl,
        Object.values(names).map((name) => `drop database if exists ${name} with (force)`),
      );
    try {
      await adminQuery(baseUrl, [`create database ${names.schema}`]);
      await prepare(await openDatabase({ databaseUrl: databaseUrlOf(baseUrl, names.schema), dataDir: '' }), migrateToLatest);
      // a database is copied only while nobody is connected to it: `prepare` has closed its pool
      await adminQuery(baseUrl, [`create database ${names.demo} template ${names.schema}`]);
      const seededAt = Date.now();
      await prepare(await openDatabase({ databaseUrl: databaseUrlOf(baseUrl, names.demo), dataDir: '' }), seedDemo);
      project.provide('databaseTemplates', { postgres: names, seededAt });
    } catch (error) {
      await drop();
      throw error;
    }
    return drop;
  }

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-template-'));
  const files = { schema: path.join(dir, 'schema.tar'), demo: path.join(dir, 'demo.tar') };
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // uncompressed: every test file loads the dump, and inflating it would cost more than reading it
  const dumpTo = async (file: string) => fs.writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  let seededAt = 0;
  await prepare(db, async () => {
    await migrateToLatest(db);
    await dumpTo(files.schema);
    seededAt = Date.now();
    await seedDemo(db);
    await dumpTo(files.demo);
  });
  project.provide('databaseTemplates', { pglite: files, seededAt });
  return () => fs.rm(dir, { recursive: true, force: true });
}

async function prepare(db: Db, step: (db: Db) => Promise<unknown>): Promise<void> {
  try {
    await step(db);
  } finally {
    await db.destroy();
  }
}

export async function adminQuery(baseUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

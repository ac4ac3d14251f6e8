import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';
import { sqlPins } from './sql/pinned.js';
import { sqlSource, sqlSourceHash, sqlSourceNames } from './sql-sources.js';

/**
 * The source files each migration applies, by migration: each `up` runs against a driver that only
 * records its statements (every read answers no rows), and a statement that is a file's text is that
 * file applied.
 */
async function appliedSources(): Promise<Record<string, string[]>> {
  const byHash = new Map(sqlSourceNames().map((name) => [sqlSourceHash(sqlSource(name)), name]));
  const applied: Record<string, string[]> = {};
  for (const [migration, { up }] of Object.entries(migrations)) {
    const names: string[] = [];
    const recorder = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => {
        const name = byHash.get(sqlSourceHash(event.query.sql));
        if (name) names.push(name);
      },
    });
    await up(recorder);
    if (names.length > 0) applied[migration] = names.sort();
  }
  return applied;
}

describe('SQL sources pinned by the migrations that apply them', () => {
  it('pins exactly the files each migration applies', async () => {
    const pinned = Object.fromEntries(Object.entries(sqlPins).map(([migration, pins]) => [migration, Object.keys(pins).sort()]));
    expect(await appliedSources()).toEqual(pinned);
  });

  it('keeps each file as the last migration applying it pinned it: a changed function needs a migration', () => {
    const migrationsInOrder = Object.keys(sqlPins).sort();
    for (const name of sqlSourceNames()) {
      const last = migrationsInOrder.findLast((migration) => name in sqlPins[migration]);
      expect(last, `no migration applies ${name}.sql`).toBeDefined();
      const hash = sqlSourceHash(sqlSource(name));
      expect(
        hash,
        `${name}.sql is not what ${last} applied: add a migration that applies it again and pin ${name}: '${hash}' for it in sql/pinned.ts`,
      ).toBe(sqlPins[last ?? '']?.[name]);
    }
  });

  it('hashes what the database runs: comment lines, blank lines and line ends do not count, code does', () => {
    const source = 'create function f() returns int\n  language sql as $$ select 1 $$';
    expect(sqlSourceHash(`-- why\r\n${source.replace('\n', '  \r\n\n')}\n`)).toBe(sqlSourceHash(source));
    expect(sqlSourceHash(source.replace('select 1', 'select 2'))).not.toBe(sqlSourceHash(source));
  });
});

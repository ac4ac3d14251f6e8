import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase } from '../test/database.js';
import type { Db } from './database.js';
import { applySqlSource, sqlSourceNames } from './sql-sources.js';

describe('SQL functions kept as source in db/sql', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await createMigratedDatabase());
  });
  afterAll(() => close?.());

  /** The definitions of the database's own functions (none of an extension's), by name. */
  const definitions = async () => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`.execute(db);
    return new Map(rows.map((row) => [row.name, row.definition]));
  };

  it('has one source file for every function of the migrated database', async () => {
    expect(sqlSourceNames()).toEqual([...(await definitions()).keys()]);
  });

  it('holds what the migrations made: applying the files changes no definition', async () => {
    const migrated = await definitions();
    for (const name of sqlSourceNames()) await applySqlSource(db, name);
    const applied = await definitions();
    for (const [name, definition] of migrated) expect(applied.get(name), name).toBe(definition);
  });
});

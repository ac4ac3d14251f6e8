import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

/**
 * The current source of every SQL function, one `create or replace function` per file in
 * `src/db/sql/<name>.sql`. Migrations apply them by name; a later change edits the file and adds a
 * migration that applies it again, pinning the new text's hash in `sql/pinned.ts`. The files are read from `src/` whether the code runs from `src/`
 * (tsx, vitest) or from `dist/` (both sit two levels below the package), so the build copies nothing.
 */
const SOURCES = new URL('../../src/db/sql/', import.meta.url);

/** The names of the functions kept as source. */
export function sqlSourceNames(): string[] {
  return readdirSync(SOURCES)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();
}

export function sqlSource(name: string): string {
  return readFileSync(new URL(`${name}.sql`, SOURCES), 'utf8');
}

/** Creates or replaces the function from its source file. */
export async function applySqlSource<T>(db: Kysely<T>, name: string): Promise<void> {
  await sql.raw(sqlSource(name)).execute(db);
}

/**
 * The SHA-256 (hex) of a source as `sql/pinned.ts` pins it: line ends, spaces at line ends, blank lines
 * and comment lines change nothing the database runs, so they are left out.
 */
export function sqlSourceHash(source: string): string {
  const lines = source
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !line.trimStart().startsWith('--'));
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

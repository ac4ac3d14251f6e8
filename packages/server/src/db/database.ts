import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type RawBuilder, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { unprocessable } from '../errors.js';
import type { MessageKey } from '../i18n/messages.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** The database or a transaction on it: repository steps that run either way take this. */
export type Executor = Db | Transaction<Database>;

// dates stay 'YYYY-MM-DD' strings: turning them into JS Dates would shift them by the server's zone
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

const PREPARED_MARK = /^\/\* prepared:([a-z_]+) \*\//;

/**
 * Marks a hot statement to run as a named prepared statement on PostgreSQL: parsed and planned once
 * per connection rather than on every call (worth ~5 % on the answer path). Put it first in the SQL;
 * PGlite reads it as a comment. Only fixed statements may carry a name: each name is kept by every
 * connection for its life.
 */
export function prepared(name: string): RawBuilder<unknown> {
  return sql.raw(`/* prepared:${name} */ `);
}

/** A pg client that sends statements marked by `prepared` as named ones. */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query has many overloads; this one only adds a name
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? PREPARED_MARK.exec(config)?.[1] : undefined;
    return name ? super.query({ name, text: config, values }, callback) : super.query(config, values, callback);
  }
}

/** How long a query waits for a connection to PostgreSQL: opened, or handed over by the pool when all are busy. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for `memory://`), starting
 * from the dump `loadDataDir` when given (the tests' template).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  loadDataDir?: Blob;
  connectTimeoutMs?: number;
}): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      Client: PreparingClient,
      // a server that never answers (a dropped network, a hung host) fails a query, which answers 503,
      // instead of holding the request for ever; the same wait bounds a query's turn for a connection
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    });
    // An idle connection closed by the server (restart, failover, admin) is dropped by the pool and
    // the next query opens a new one; unhandled, the event would stop the process.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let pglite: PGlite;
  // a date stays its text 'YYYY-MM-DD', as pg is told above: a calendar day has no time zone
  const parsers = { [pg.types.builtins.DATE]: (value: string) => value };
  if (options.dataDir === 'memory://') {
    pglite = new PGlite({ loadDataDir: options.loadDataDir, parsers });
  } else {
    const dir = path.join(options.dataDir, 'db');
    await fs.mkdir(dir, { recursive: true });
    pglite = new PGlite(dir, { parsers });
  }
  await pglite.waitReady;
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

/** A json column's value: pg and PGlite parse json columns; a driver that does not hands over text. */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** Postgres error codes the services translate into refusals. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A delete blocked by an `on delete restrict` reference (NO ACTION ones report 23503). */
export const PG_RESTRICT_VIOLATION = '23001';

export function pgErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * A write or delete the database refused over a reference: a row something still refers to (RESTRICT,
 * or NO ACTION reported as a foreign key violation), or a referenced row that is gone.
 */
export function isReferenceViolation(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_RESTRICT_VIOLATION || code === PG_FOREIGN_KEY_VIOLATION;
}

/** The constraint a violation names (pg reports it; PGlite only in the message text). */
export function pgConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('constraint' in error && error.constraint) return String(error.constraint);
  const match = 'message' in error ? /constraint "([^"]+)"/.exec(String(error.message)) : null;
  return match?.[1];
}

/**
 * Runs a write whose references the service has just checked. One deleted in between breaks a
 * foreign key, and answers the same 422 as a wrong reference: `keys` is that message, or the message
 * for each constraint (any other constraint is a real failure and is thrown as it is).
 */
export async function writeChecked<T>(keys: MessageKey | Record<string, MessageKey>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      const key = typeof keys === 'string' ? keys : keys[pgConstraint(error) ?? ''];
      if (key) throw unprocessable(key);
    }
    throw error;
  }
}

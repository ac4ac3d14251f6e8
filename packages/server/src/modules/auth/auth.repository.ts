import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FailureCounter, ThrottleKeys } from './login-throttle.js';

/** Rolls back a reservation that a limit refused. */
class AttemptRefused extends Error {
  constructor(readonly minutes: number) {
    super('attempt refused');
  }
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  /** A live account by IIN, personnel number or login, IIN first when they clash. */
  findAccount(identifier: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'role_id', 'full_name', 'duty', 'password_hash', 'is_blocked'])
      .where('archived_at', 'is', null)
      .where((eb) => eb.or([eb('iin', '=', identifier), eb('tabel', '=', identifier), eb('login', '=', identifier.toLowerCase())]))
      .orderBy(sql`iin = ${identifier}`, 'desc')
      .orderBy(sql`tabel = ${identifier}`, 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  findUser(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'role_id', 'full_name', 'duty', 'iin', 'password_hash'])
      .where('id', '=', userId)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
  }

  photoKeys(userId: number) {
    return this.db.selectFrom('user_photos').select('storage_key').where('user_id', '=', userId).orderBy('id').execute();
  }

  async createSession(userId: number, tokenHash: string, expiresAt: Date) {
    await this.db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute();
  }

  /** The caller behind a token: one indexed lookup (when the session is not cached). */
  findSessionUser(tokenHash: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.role_id', 'users.full_name', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', sql<Date>`now()`)
      .where('users.is_blocked', '=', false)
      .where('users.archived_at', 'is', null)
      .executeTakeFirst();
  }

  async deleteSession(tokenHash: string) {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteUserSessions(userId: number, exceptTokenHash?: string) {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptTokenHash) query = query.where('token_hash', '!=', exceptTokenHash);
    await query.execute();
  }

  /** Expired sessions of one person: cleared at each sign-in, so the table holds live ones only. */
  async deleteExpiredSessions(userId: number) {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', sql<Date>`now()`).execute();
  }

  async updatePassword(userId: number, passwordHash: string) {
    await this.db.updateTable('users').set({ password_hash: passwordHash, updated_at: sql`now()` }).where('id', '=', userId).execute();
  }

  /**
   * Counts one attempt against each of `keys` unless `refusal`, shown the counters as they stand, says
   * to wait. The counters are read under a row lock (taken in key order, so callers never wait on each
   * other in a ring) and counted in the same transaction: parallel attempts, in any number of server
   * processes, pass one at a time, so none gets past a limit. A counter whose window of
   * `windowMinutes` has passed starts again from none. Answers the refusal, or null once counted; a
   * refused attempt leaves nothing behind.
   */
  async reserveAttempt(
    keys: ThrottleKeys,
    windowMinutes: number,
    refusal: (counters: Record<keyof ThrottleKeys, FailureCounter>, now: Date) => number | null,
  ): Promise<number | null> {
    const all = Object.values(keys);
    try {
      await this.db.transaction().execute(async (trx) => {
        // the clock as the row locks are granted, not now() (the transaction's start): a parallel
        // attempt that began earlier but waited on the locks must not read the last failure as future
        const expired = sql<boolean>`f.first_failed_at <= clock_timestamp() - make_interval(mins => ${windowMinutes})`;
        const { rows } = await sql<{ key: string; failures: number; first_failed_at: Date; last_failed_at: Date; now: Date }>`
          insert into login_failures as f (key, failures, first_failed_at, last_failed_at)
          select key, 0, clock_timestamp(), clock_timestamp() from unnest(${all}::text[]) as key order by key
          on conflict (key) do update set
            failures = case when ${expired} then 0 else f.failures end,
            first_failed_at = case when ${expired} then clock_timestamp() else f.first_failed_at end
          returning key, failures, first_failed_at, last_failed_at, clock_timestamp() as now`.execute(trx);
        const rowOf = (key: string) => {
          const row = rows.find((r) => r.key === key);
          if (!row) throw new Error(`No counter for ${key}`);
          return row;
        };
        const counter = (key: string): FailureCounter => {
          const row = rowOf(key);
          return { failures: row.failures, firstFailedAt: new Date(row.first_failed_at), lastFailedAt: new Date(row.last_failed_at) };
        };
        const counters = { person: counter(keys.person), pair: counter(keys.pair), address: counter(keys.address) };
        // the database's clock: every server process then reads the same time
        const wait = refusal(counters, new Date(rowOf(keys.person).now));
        if (wait !== null) throw new AttemptRefused(wait);
        await trx
          .updateTable('login_failures')
          .set({
            failures: sql`failures + 1`,
            first_failed_at: sql`case when failures = 0 then clock_timestamp() else first_failed_at end`,
            last_failed_at: sql`clock_timestamp()`,
          })
          .where('key', 'in', all)
          .execute();
      });
      return null;
    } catch (error) {
      if (error instanceof AttemptRefused) return error.minutes;
      throw error;
    }
  }

  /** Whether the person of this (person, address) key signed in from that address in the last `days`. */
  async signedInFrom(pair: string, days: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_known_addresses')
      .select('pair')
      .where('pair', '=', pair)
      .where('signed_in_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Remembers a sign-in at this (person, address) key, and forgets those older than `days`. */
  async rememberSignIn(pair: string, days: number) {
    await this.db
      .insertInto('login_known_addresses')
      .values({ pair, signed_in_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('pair').doUpdateSet({ signed_in_at: sql<Date>`now()` }))
      .execute();
    await this.db
      .deleteFrom('login_known_addresses')
      .where('signed_in_at', '<=', sql<Date>`now() - make_interval(days => ${days})`)
      .execute();
  }

  /** The key the known-device cookie is signed with (made by the migrations). */
  async deviceKey(): Promise<string> {
    const row = await this.db.selectFrom('login_device_key').select('secret').executeTakeFirstOrThrow();
    return row.secret;
  }

  /**
   * The attempt proved right: the (person, address) counter goes, and what it had counted (this
   * attempt and earlier typos from that address) is taken back from the person's and the address's.
   * The rows are locked in key order first, as `reserveAttempt` takes them.
   */
  releaseAttempt(keys: ThrottleKeys) {
    return this.db.transaction().execute(async (trx) => {
      await sql`select from login_failures where key = any(${Object.values(keys)}::text[]) order by key for update`.execute(trx);
      await sql`
        with pair as (delete from login_failures where key = ${keys.pair} returning failures)
        update login_failures
        set failures = greatest(0, failures - coalesce((select failures from pair), 1))
        where key in (${keys.person}, ${keys.address})`.execute(trx);
      await sql`delete from login_failures where key in (${keys.person}, ${keys.address}) and failures = 0`.execute(trx);
    });
  }
}

import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

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
      .select(['id', 'role_id', 'full_name', 'duty', 'password_hash'])
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

  /** Failures counted in a window that starts at the first failure and lasts `windowMinutes`. */
  async recentFailures(keys: string[], windowMinutes: number) {
    return this.db
      .selectFrom('login_failures')
      .select([
        'key',
        'failures',
        sql<number>`ceil(extract(epoch from first_failed_at + make_interval(mins => ${windowMinutes}) - now()) / 60)::int`.as(
          'minutes_left',
        ),
      ])
      .where('key', 'in', keys)
      .where(sql<boolean>`first_failed_at > now() - make_interval(mins => ${windowMinutes})`)
      .execute();
  }

  async recordFailure(keys: string[], windowMinutes: number) {
    const fresh = sql<boolean>`login_failures.first_failed_at <= now() - make_interval(mins => ${windowMinutes})`;
    for (const key of keys) {
      await this.db
        .insertInto('login_failures')
        .values({ key, failures: 1, first_failed_at: sql`now()` })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`case when ${fresh} then 1 else login_failures.failures + 1 end`,
            first_failed_at: sql`case when ${fresh} then now() else login_failures.first_failed_at end`,
          }),
        )
        .execute();
    }
  }

  async clearFailures(key: string) {
    await this.db.deleteFrom('login_failures').where('key', '=', key).execute();
  }
}

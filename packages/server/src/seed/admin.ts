import { Role } from '@oqu/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';

/**
 * First deployment: creates an administrator with these credentials when no account has this IIN.
 * An existing account is left as it is (its password may have been changed since, or it blocked on
 * purpose) unless `reset` is set: then it becomes an active administrator with this password.
 */
export async function ensureAdmin(db: Db, iin: string, password: string, reset = false): Promise<void> {
  const existing = await db.selectFrom('users').select(['id', 'password_hash']).where('iin', '=', iin).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('users')
      .values({
        role_id: Role.Admin,
        iin,
        full_name: 'Администратор',
        first_name: 'Администратор',
        password_hash: await hashPassword(password),
      })
      // two processes starting at once: the second finds it made
      .onConflict((oc) => oc.column('iin').doNothing())
      .execute();
    return;
  }
  if (!reset) return;
  const passwordHash = (await verifyPassword(existing.password_hash, password)) ? existing.password_hash : await hashPassword(password);
  await db
    .updateTable('users')
    .set({ role_id: Role.Admin, is_blocked: false, archived_at: null, password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', existing.id)
    .execute();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

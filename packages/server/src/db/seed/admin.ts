import { Role } from '@oqu/contracts';
import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Db } from '../database.js';

/** First deployment: makes sure an administrator with these credentials exists and can sign in. */
export async function ensureAdmin(db: Db, iin: string, password: string): Promise<void> {
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
      .execute();
    return;
  }
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

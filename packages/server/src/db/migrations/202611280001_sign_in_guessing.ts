import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * What lets the owner past the hold on an account under attack: the addresses each person signed in
 * from (`login_known_addresses`, by the throttle's (person, address) key, with the latest sign-in
 * there), and the key that signs the known-device cookie (`login_device_key`, one row, made here so
 * that every server process signs and checks alike).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_known_addresses')
    .addColumn('pair', 'text', (c) => c.primaryKey())
    .addColumn('signed_in_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // old rows are swept by age
  await db.schema.createIndex('login_known_addresses_signed_in_at').on('login_known_addresses').column('signed_in_at').execute();
  await db.schema
    .createTable('login_device_key')
    .addColumn('secret', 'text', (c) => c.primaryKey())
    .execute();
  await sql`insert into login_device_key (secret) values (${randomBytes(32).toString('base64url')})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_device_key').execute();
  await db.schema.dropTable('login_known_addresses').execute();
}

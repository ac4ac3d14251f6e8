import { type Kysely, sql } from 'kysely';

/**
 * The testing engine: retakes assigned by staff, and the rules attempts live by. A trainee has at
 * most one running attempt per test; running attempts are found by their deadline so the server can
 * close the ones nobody came back to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retakes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    // a test can only be deleted without results, and then its retakes mean nothing
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('available_from', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('retakes_user_test').on('retakes').columns(['user_id', 'test_id', 'available_from']).execute();
  await db.schema.createIndex('retakes_test').on('retakes').column('test_id').execute();
  await db.schema.createIndex('retakes_available').on('retakes').columns(['available_from', 'id']).execute();

  // the attempt a retake was used for; a used retake stays on record with it
  await sql`alter table attempts add column retake_id integer unique references retakes (id) on delete restrict`.execute(db);
  await sql`create unique index attempts_one_running on attempts (user_id, test_id) where finished_at is null`.execute(db);
  await sql`create index attempts_running_deadline on attempts (deadline_at) where finished_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index attempts_running_deadline`.execute(db);
  await sql`drop index attempts_one_running`.execute(db);
  await sql`alter table attempts drop column retake_id`.execute(db);
  await db.schema.dropTable('retakes').execute();
}

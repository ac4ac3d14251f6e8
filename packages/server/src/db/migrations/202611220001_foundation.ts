import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('role_id', 'smallint', (c) => c.notNull().check(sql`role_id between 1 and 5`))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('middle_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.unique())
    .addColumn('iin', 'char(12)', (c) => c.notNull().unique())
    .addColumn('tabel', 'text', (c) => c.unique())
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duty', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('plan_id', 'integer')
    .addColumn('registered_on', 'date', (c) => c.notNull().defaultTo(sql`current_date`))
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // lists show live people by role, ordered by name
  await sql`create index users_live_role_name on users (role_id, full_name, id) where archived_at is null`.execute(db);
  await sql`create index users_live_name on users (full_name, id) where archived_at is null`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('user_photos')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_photos_user').on('user_photos').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // the actor reference is RESTRICT: a person who acted is archived, never deleted
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_id', 'created_at']).execute();

  await db.schema
    .createTable('dictionary_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('topic_type', 'edu_type')`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name_ru', 'text', (c) => c.notNull())
    .addColumn('name_kk', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .execute();
  // the ids are the original system's: topic types 9, 10 and education types 11, 12
  await sql`insert into dictionary_items (id, kind, position, name_ru, name_kk, name_en) values
    (9, 'topic_type', 1, 'Производственное обучение', 'Өндірістік оқыту', 'Production training'),
    (10, 'topic_type', 2, 'Теоретическое обучение', 'Теориялық оқыту', 'Theoretical training'),
    (11, 'edu_type', 1, 'Очное обучение', 'Күндізгі оқыту', 'In-person training'),
    (12, 'edu_type', 2, 'Дистанционное обучение', 'Қашықтықтан оқыту', 'Distance training')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dictionary_items', 'audit_log', 'login_failures', 'user_photos', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}

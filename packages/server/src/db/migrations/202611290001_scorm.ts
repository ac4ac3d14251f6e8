import { type Kysely, sql } from 'kysely';

/**
 * SCORM packages and what trainees did in them.
 * - `scorm_packages`: a package of a topic; the uploaded zip as it came (`zip_key`, kept for the
 *   download) and its unpacked files under `content_prefix` in storage, with what its manifest says
 *   (`version`, `launch`). A package with tracks is archived (`archived_at`: gone from every list and
 *   launch) instead of deleted, so no trainee's progress is lost; the topic it belongs to cannot be
 *   deleted while it exists (RESTRICT).
 * - `scorm_tracks`: one row per trainee and package: the CMI data as the course last committed it and
 *   what the lists read from it (completion, success, score in percent, total seconds). RESTRICT on
 *   both sides: a trainee with tracks is archived, not deleted.
 * - `scorm_launches`: the short-lived tokens that open a package on the content origin, stored as
 *   their SHA-256; `terminated_at` marks the session whose time was already added to the total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scorm_packages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('restrict'))
    .addColumn('zip_key', 'text')
    .addColumn('zip_name', 'text')
    .addColumn('zip_size', 'bigint')
    .addColumn('content_prefix', 'text')
    .addColumn('version', 'text', (c) => c.check(sql`version in ('1.2', '2004')`))
    .addColumn('launch', 'text')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entries', 'integer')
    .addColumn('unpacked_bytes', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  // the administrator's list (newest first) and a topic's packages (the filter, the trainee's list, the plan)
  await sql`create index scorm_packages_list on scorm_packages (created_at desc, id desc) where archived_at is null`.execute(db);
  await sql`create index scorm_packages_topic on scorm_packages (topic_id, id) where archived_at is null`.execute(db);
  await db.schema.createIndex('scorm_packages_topic_all').on('scorm_packages').column('topic_id').execute();

  await db.schema
    .createTable('scorm_tracks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('scorm_packages.id').onDelete('restrict'))
    .addColumn('cmi', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('completion_status', 'text', (c) =>
      c.notNull().defaultTo('not attempted').check(sql`completion_status in ('not attempted', 'incomplete', 'completed', 'unknown')`),
    )
    .addColumn('success_status', 'text', (c) =>
      c.notNull().defaultTo('unknown').check(sql`success_status in ('passed', 'failed', 'unknown')`),
    )
    .addColumn('score', 'numeric(4, 1)')
    .addColumn('total_seconds', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('last_launched_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scorm_tracks_pk', ['user_id', 'package_id'])
    .execute();
  await db.schema.createIndex('scorm_tracks_package').on('scorm_tracks').column('package_id').execute();

  await db.schema
    .createTable('scorm_launches')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('scorm_packages.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('terminated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('scorm_launches_user').on('scorm_launches').columns(['user_id', 'package_id']).execute();
  await db.schema.createIndex('scorm_launches_package').on('scorm_launches').column('package_id').execute();
  await db.schema.createIndex('scorm_launches_expiry').on('scorm_launches').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scorm_launches').execute();
  await db.schema.dropTable('scorm_tracks').execute();
  await db.schema.dropTable('scorm_packages').execute();
}

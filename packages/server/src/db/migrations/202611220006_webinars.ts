import { type Kysely, sql } from 'kysely';

/**
 * Webinars and everything that happens in them (learner-and-instructor.md §2–4, admin-back-office.md
 * §2 Webinars).
 *
 * - `webinars`: scheduled by staff for a plan's topic and a teacher. The status is computed from
 *   `begin_time`, `duration_minutes`, `ended_at` and the clock (see modules/webinars). A webinar with
 *   chat, attendance or questions is archived (`archived_at`) instead of deleted.
 * - `webinar_documents`: files the teacher shares in the room; they go with their webinar.
 * - `chat_messages`, `webinar_attendance` (the join), `webinar_presence` (one row per open event
 *   stream: opened, last seen by the heartbeat, closed), `problems` (one question thread per person
 *   and webinar) with `problem_answers` and their files: records of what people did, so every
 *   reference to them is RESTRICT and they outlive everything but an explicit archive.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webinars')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('restrict'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('restrict'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('begin_time', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes between 1 and 1440`))
    .addColumn('preview_key', 'text')
    .addColumn('preview_name', 'text')
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index webinars_begin on webinars (begin_time) where archived_at is null`.execute(db);
  await sql`create index webinars_teacher on webinars (teacher_id, begin_time) where archived_at is null`.execute(db);
  await sql`create index webinars_plan on webinars (plan_id, begin_time) where archived_at is null`.execute(db);
  await db.schema.createIndex('webinars_topic').on('webinars').column('topic_id').execute();

  await db.schema
    .createTable('webinar_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('webinar_id', 'integer', (c) => c.notNull().references('webinars.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webinar_documents_webinar').on('webinar_documents').columns(['webinar_id', 'id']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('webinar_id', 'integer', (c) => c.notNull().references('webinars.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_webinar').on('chat_messages').columns(['webinar_id', 'id']).execute();

  await db.schema
    .createTable('webinar_attendance')
    .addColumn('webinar_id', 'integer', (c) => c.notNull().references('webinars.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('webinar_attendance_pkey', ['webinar_id', 'user_id'])
    .execute();
  await db.schema.createIndex('webinar_attendance_user').on('webinar_attendance').column('user_id').execute();

  await db.schema
    .createTable('webinar_presence')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('webinar_id', 'integer', (c) => c.notNull().references('webinars.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('webinar_presence_person').on('webinar_presence').columns(['webinar_id', 'user_id']).execute();
  await sql`create index webinar_presence_open on webinar_presence (webinar_id) where closed_at is null`.execute(db);

  await db.schema
    .createTable('problems')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('webinar_id', 'integer', (c) => c.notNull().references('webinars.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('question_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('learner_read_at', 'timestamptz')
    .addColumn('teacher_read_at', 'timestamptz')
    .addUniqueConstraint('problems_one_per_person', ['webinar_id', 'user_id'])
    .execute();
  await db.schema.createIndex('problems_user').on('problems').column('user_id').execute();

  await db.schema
    .createTable('problem_answers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('answer_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('problem_answers_problem').on('problem_answers').columns(['problem_id', 'id']).execute();

  await db.schema
    .createTable('problem_answer_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('problem_answers.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('problem_answer_documents_answer').on('problem_answer_documents').column('answer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'problem_answer_documents',
    'problem_answers',
    'problems',
    'webinar_presence',
    'webinar_attendance',
    'chat_messages',
    'webinar_documents',
    'webinars',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

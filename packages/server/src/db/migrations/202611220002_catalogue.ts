import { type Kysely, sql } from 'kysely';

/**
 * The training catalogue (certificates, plans, topics, tests, questions) and the records a trainee
 * leaves in it (attempts and their answers). Catalogue rows cascade to their children, but every
 * reference from an attempt or an answer is RESTRICT: the database itself refuses to lose a result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // files uploaded ahead of the record that uses them (POST /uploadF, then POST /api/cer/new {Path})
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duties', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    // a certificate in use cannot be deleted: the plan keeps naming it
    .addColumn('certificate_id', 'integer', (c) => c.references('certificates.id').onDelete('restrict'))
    .addColumn('edu_type_id', 'integer', (c) => c.references('dictionary_items.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('plans_name').on('plans').columns(['name', 'id']).execute();
  await db.schema.createIndex('plans_certificate').on('plans').column('certificate_id').execute();

  // a trainee follows one plan; deleting the plan leaves them without one
  await sql`alter table users add constraint users_plan_fk foreign key (plan_id) references plans (id) on delete set null`.execute(db);
  await sql`create index users_plan on users (plan_id) where archived_at is null`.execute(db);

  await db.schema
    .createTable('topics')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('id_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thematic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lesson_plan', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outline', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('equipment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('teaching_aids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('total_hours', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0).check(sql`total_hours >= 0`))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('dictionary_items.id'))
    .addColumn('edu_type_id', 'integer', (c) => c.notNull().references('dictionary_items.id'))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('topics_plan').on('topics').columns(['plan_id', 'position', 'id']).execute();
  await db.schema.createIndex('topics_position').on('topics').columns(['position', 'id']).execute();

  await db.schema
    .createTable('tests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(60).check(sql`duration_minutes between 1 and 1440`))
    .addColumn('pass_marks', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pass_marks between 0 and 100`))
    .addColumn('is_webinar', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.check(sql`position >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tests_plan').on('tests').columns(['plan_id', 'id']).execute();
  await db.schema.createIndex('tests_topic').on('tests').columns(['topic_id', 'id']).execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0).check(sql`position >= 0`))
    .addColumn('variant_a', 'text', (c) => c.notNull())
    .addColumn('variant_b', 'text', (c) => c.notNull())
    .addColumn('variant_c', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('variant_d', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('variant_e', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('variant_f', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('correct_answer', 'char(1)', (c) => c.notNull().check(sql`correct_answer in ('A', 'B', 'C', 'D', 'E', 'F')`))
    .addColumn('image_key', 'text')
    .addColumn('image_name', 'text')
    // a question that was answered is archived instead of deleted, and moved by copy
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index questions_live_test on questions (test_id, position, id) where archived_at is null`.execute(db);

  // A trainee's run of a test. The testing engine owns its lifecycle; the catalogue only reads it.
  await db.schema
    .createTable('attempts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('restrict'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deadline_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('question_count', 'integer', (c) => c.notNull().check(sql`question_count >= 0`))
    .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`correct_count >= 0`))
    .addColumn('pass_marks', 'integer', (c) => c.notNull())
    .addColumn('passed', 'boolean')
    .execute();
  await db.schema.createIndex('attempts_user_test').on('attempts').columns(['user_id', 'test_id', 'started_at']).execute();
  await db.schema.createIndex('attempts_test').on('attempts').column('test_id').execute();

  // Each answer keeps its own verdict, so a later edit of the question does not rewrite the past.
  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('attempts.id').onDelete('restrict'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('restrict'))
    .addColumn('answer', 'char(1)', (c) => c.notNull().check(sql`answer in ('A', 'B', 'C', 'D', 'E', 'F')`))
    .addColumn('is_correct', 'boolean', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('attempt_answers_pkey', ['attempt_id', 'question_id'])
    .execute();
  await db.schema.createIndex('attempt_answers_question').on('attempt_answers').column('question_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['attempt_answers', 'attempts', 'questions', 'tests', 'topics']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index users_plan`.execute(db);
  await sql`alter table users drop constraint users_plan_fk`.execute(db);
  for (const table of ['plans', 'certificates', 'uploads']) await db.schema.dropTable(table).execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Formal exams (admin-back-office.md §2 Exam, Report cards and results; issue "Formal exams").
 *
 * - `users.region_id`: a trainee's exam-audience account (role 5). An exam takes the trainees of its
 *   plan who belong to one of its regions (every trainee of the plan when it has none).
 * - `exam_type` dictionary items 13–15 (GET /api/getexamtype).
 * - `exams` with their `exam_examiners` (in the form's order) and `exam_regions`.
 * - `exam_votes`: one row per examiner and trainee while a vote is given; an undo deletes the row.
 * - `exam_signatures`: an examiner's detached CMS signature (.p7s) and the exact PDF it covers, both
 *   in storage; one per examiner and exam. Votes and signatures are records of what examiners did:
 *   every reference to them is RESTRICT, so an exam with votes cannot be deleted.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column region_id integer references users (id) on delete restrict`.execute(db);
  await sql`create index users_region on users (region_id, plan_id) where archived_at is null`.execute(db);

  await sql`alter table dictionary_items drop constraint dictionary_items_kind_check`.execute(db);
  await sql`alter table dictionary_items add constraint dictionary_items_kind_check
    check (kind in ('topic_type', 'edu_type', 'exam_type'))`.execute(db);
  await sql`insert into dictionary_items (id, kind, position, name_ru, name_kk, name_en) values
    (13, 'exam_type', 1, 'Первичная проверка знаний', 'Білімді алғашқы тексеру', 'Primary knowledge check'),
    (14, 'exam_type', 2, 'Периодическая проверка знаний', 'Білімді мерзімді тексеру', 'Periodic knowledge check'),
    (15, 'exam_type', 3, 'Внеочередная проверка знаний', 'Білімді кезектен тыс тексеру', 'Extraordinary knowledge check')`.execute(db);

  await db.schema
    .createTable('exams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('restrict'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('dictionary_items.id'))
    .addColumn('pass_marks', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pass_marks >= 0`))
    .addColumn('begin_time', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(120).check(sql`duration_minutes between 1 and 1440`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('exams_begin').on('exams').columns(['begin_time', 'id']).execute();
  await db.schema.createIndex('exams_plan').on('exams').columns(['plan_id', 'begin_time']).execute();

  await db.schema
    .createTable('exam_examiners')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('examiner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_examiners_pkey', ['exam_id', 'examiner_id'])
    .execute();
  await db.schema.createIndex('exam_examiners_examiner').on('exam_examiners').columns(['examiner_id', 'exam_id']).execute();

  await db.schema
    .createTable('exam_regions')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('region_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('exam_regions_pkey', ['exam_id', 'region_id'])
    .execute();
  await db.schema.createIndex('exam_regions_region').on('exam_regions').columns(['region_id', 'exam_id']).execute();

  await db.schema
    .createTable('exam_votes')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('restrict'))
    .addColumn('examiner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('accepted', 'boolean', (c) => c.notNull())
    .addColumn('voted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('exam_votes_pkey', ['exam_id', 'examiner_id', 'user_id'])
    .execute();
  await db.schema.createIndex('exam_votes_user').on('exam_votes').columns(['user_id', 'exam_id']).execute();

  await db.schema
    .createTable('exam_signatures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('restrict'))
    .addColumn('examiner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('signer_name', 'text', (c) => c.notNull())
    .addColumn('signer_iin', 'text', (c) => c.notNull())
    .addColumn('certificate_serial', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_to', 'timestamptz', (c) => c.notNull())
    .addColumn('signature_key', 'text', (c) => c.notNull())
    .addColumn('pdf_key', 'text', (c) => c.notNull())
    .addColumn('pdf_sha256', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('exam_signatures_examiner', ['exam_id', 'examiner_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['exam_signatures', 'exam_votes', 'exam_regions', 'exam_examiners', 'exams']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`delete from dictionary_items where kind = 'exam_type'`.execute(db);
  await sql`alter table dictionary_items drop constraint dictionary_items_kind_check`.execute(db);
  await sql`alter table dictionary_items add constraint dictionary_items_kind_check check (kind in ('topic_type', 'edu_type'))`.execute(db);
  await sql`alter table users drop column region_id`.execute(db);
}

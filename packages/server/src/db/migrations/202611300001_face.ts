import { type Kysely, sql } from 'kysely';

/**
 * The face check (docs/ARCHITECTURE.md "Face check").
 * - `face_enrolments`: the embedding of the one face found in a person's photo, by the model that
 *   made it (`model`), so a replaced model enrols again. Derived data: it goes with its photo.
 * - `face_verifications`: every check made (a webinar join, an examiner's start, a staff comparison
 *   has none of the two), its scores and decision, kept for the audit; the camera shot itself only
 *   when FACE_KEEP_SHOTS is on (`shot_key`). Never deleted with a webinar or an exam.
 * - `webinar_attendance.face_verified` and `face_similarity`: the join passed the check, and its score.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table face_enrolments (
      photo_id integer primary key references user_photos (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      model text not null,
      embedding real[] not null,
      box integer[] not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index face_enrolments_user on face_enrolments (user_id)`.execute(db);
  await sql`
    create table face_verifications (
      id serial primary key,
      user_id integer not null references users (id) on delete restrict,
      webinar_id integer references webinars (id) on delete set null,
      exam_id integer references exams (id) on delete set null,
      matched boolean not null,
      reason text check (reason in ('no_face', 'several_faces', 'small_face', 'not_live', 'no_match', 'not_enrolled')),
      similarity real,
      liveness real,
      threshold real not null,
      model text not null,
      shot_key text,
      created_at timestamptz not null default now(),
      check (matched = (reason is null))
    )
  `.execute(db);
  // "a successful verification for that webinar (exam) in the last minutes": the newest match first
  await sql`create index face_verifications_webinar_match on face_verifications (user_id, webinar_id, created_at desc) where matched and webinar_id is not null`.execute(
    db,
  );
  await sql`create index face_verifications_exam_match on face_verifications (user_id, exam_id, created_at desc) where matched and exam_id is not null`.execute(
    db,
  );
  await sql`alter table webinar_attendance add column face_verified boolean not null default false, add column face_similarity real`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webinar_attendance drop column face_verified, drop column face_similarity`.execute(db);
  await sql`drop table face_verifications`.execute(db);
  await sql`drop table face_enrolments`.execute(db);
}

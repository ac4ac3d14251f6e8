import { type Kysely, sql } from 'kysely';

/**
 * `face_enrolment_refusals`: a person's photo in which a face model found no single usable face (or
 * could not read it), and why. A photo's bytes never change, so neither does the model's answer:
 * kept, the photo is not read again at every check of its person (nor by `npm run face:enrol`); a
 * new model reads it again. Derived data: it goes with its photo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table face_enrolment_refusals (
      photo_id integer not null references user_photos (id) on delete cascade,
      model text not null,
      reason text not null check (reason in ('no_face', 'several_faces', 'small_face', 'unreadable')),
      created_at timestamptz not null default now(),
      primary key (photo_id, model)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table face_enrolment_refusals`.execute(db);
}

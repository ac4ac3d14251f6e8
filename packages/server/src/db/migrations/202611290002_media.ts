import { type Kysely, sql } from 'kysely';

/**
 * The media library: files an administrator uploads for every trainee. `storage_key` is the stored
 * file (`media/<32 hex>.<ext>`), `mime` the type read from its content, `size` in bytes (bigint: a
 * setting may allow files past 2 GB), `vr` marks an equirectangular video for the 360° viewer. Who
 * uploaded it is kept (RESTRICT: deleting that person archives them instead).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table media_files (
      id serial primary key,
      name text not null,
      vr boolean not null default false,
      storage_key text not null unique,
      size bigint not null check (size >= 0),
      mime text not null,
      file_name text not null,
      created_at timestamptz not null default now(),
      created_by integer not null references users (id) on delete restrict
    )
  `.execute(db);
  // the lists: newest first, all of them or the VR videos only
  await sql`create index media_files_newest on media_files (created_at desc, id desc)`.execute(db);
  await sql`create index media_files_vr_newest on media_files (created_at desc, id desc) where vr`.execute(db);
  await sql`create index media_files_created_by on media_files (created_by)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table media_files`.execute(db);
}

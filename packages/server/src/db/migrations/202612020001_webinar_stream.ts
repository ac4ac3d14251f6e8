import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * The webinar's own live stream (docs/ARCHITECTURE.md "Live stream").
 * - `webinar_streams`: one per webinar that was broadcast: the storage folder of its segments, the
 *   takes begun (each recorder start, reconnect or switch of camera and screen), and once the webinar
 *   ended its recording: the VOD playlist as it was finalised, read back from here ever after.
 * - `stream_segments`: each HLS segment as it was published; `disc_seq` counts the takes before it
 *   that produced segments (the playlist's discontinuities); `captured_at` is when its first frame
 *   was recorded, as the server reckons it (the playlist's program date-time: the player tells how far
 *   behind the camera it plays).
 * - `webinar_watch_time`: seconds a person's player played, live and of the recording (heartbeats).
 * - `stream_url_key`: the key that signs the playlists' and segments' short-lived addresses and the
 *   publish tickets (one row, made here so every server process of the database shares it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webinar_streams (
      webinar_id integer primary key references webinars (id) on delete cascade,
      folder text not null unique,
      takes integer not null default 0,
      created_at timestamptz not null default now(),
      finalised_at timestamptz,
      playlist text,
      duration_ms integer,
      check ((finalised_at is null) = (duration_ms is null))
    )
  `.execute(db);
  await sql`
    create table stream_segments (
      webinar_id integer not null references webinar_streams (webinar_id) on delete cascade,
      seq integer not null check (seq >= 0),
      take integer not null,
      disc_seq integer not null,
      duration_ms integer not null check (duration_ms > 0),
      bytes integer not null,
      captured_at timestamptz not null,
      created_at timestamptz not null default now(),
      primary key (webinar_id, seq)
    )
  `.execute(db);
  await sql`
    create table webinar_watch_time (
      webinar_id integer not null references webinars (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      live_seconds integer not null default 0,
      recording_seconds integer not null default 0,
      updated_at timestamptz not null default now(),
      primary key (webinar_id, user_id)
    )
  `.execute(db);
  await sql`create table stream_url_key (secret text not null)`.execute(db);
  await sql`insert into stream_url_key (secret) values (${randomBytes(32).toString('base64url')})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stream_url_key`.execute(db);
  await sql`drop table webinar_watch_time`.execute(db);
  await sql`drop table stream_segments`.execute(db);
  await sql`drop table webinar_streams`.execute(db);
}

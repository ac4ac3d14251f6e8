import { type Kysely, sql } from 'kysely';

/**
 * `webinar_presence.token_hash`: the session that opened the stream, so that a session's open
 * streams are counted on every server process at once (EVENT_STREAMS_PER_SESSION). Rows of streams
 * opened before have none and count for nobody; closing a stream clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webinar_presence add column token_hash text`.execute(db);
  await sql`create index webinar_presence_session on webinar_presence (token_hash) where closed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index webinar_presence_session`.execute(db);
  await sql`alter table webinar_presence drop column token_hash`.execute(db);
}

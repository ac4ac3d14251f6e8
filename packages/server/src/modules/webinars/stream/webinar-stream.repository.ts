import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { SegmentEntry } from './playlist.js';

/** A segment's row as the playlists read it. */
const SEGMENT_COLUMNS = ['seq', 'disc_seq as discSeq', 'duration_ms as durationMs', 'captured_at as capturedAt'] as const;

/** The live stream's and recordings' SQL: streams, their segments, watch time, the signing key. */
export class WebinarStreamRepository {
  constructor(private readonly db: Db) {}

  async urlKey(): Promise<string> {
    const row = await this.db.selectFrom('stream_url_key').select('secret').executeTakeFirstOrThrow();
    return row.secret;
  }

  /** The webinar's stream, made with `folder` when it has none yet; answers the folder it has. */
  async ensureStream(webinarId: number, folder: string): Promise<string> {
    const row = await sql<{ folder: string }>`
      insert into webinar_streams (webinar_id, folder) values (${webinarId}::int, ${folder})
      on conflict (webinar_id) do update set folder = webinar_streams.folder
      returning folder`.execute(this.db);
    return row.rows[0].folder;
  }

  /** The stream's folder and state; undefined when the webinar was never broadcast. */
  stream(webinarId: number) {
    return this.db
      .selectFrom('webinar_streams')
      .select(['folder', 'finalised_at', 'playlist', 'duration_ms'])
      .where('webinar_id', '=', webinarId)
      .executeTakeFirst();
  }

  /**
   * Begins a take of a stream not finalised: answers its number and the sequence number its first
   * segment takes; undefined once the webinar's recording is final.
   */
  async beginTake(webinarId: number): Promise<{ take: number; nextSeq: number } | undefined> {
    const row = await sql<{ take: number; next_seq: number }>`
      update webinar_streams s set takes = s.takes + 1
      where s.webinar_id = ${webinarId}::int and s.finalised_at is null
      returning s.takes as take,
        coalesce((select max(g.seq) + 1 from stream_segments g where g.webinar_id = s.webinar_id), 0) as next_seq`.execute(this.db);
    const found = row.rows[0];
    return found && { take: found.take, nextSeq: found.next_seq };
  }

  /**
   * Lists a stored segment, unless the recording is final already (answers false). Its discontinuity
   * count follows the segment before it: one more when that was of another take.
   */
  async addSegment(
    webinarId: number,
    segment: { seq: number; take: number; durationMs: number; bytes: number; capturedAt: Date },
  ): Promise<boolean> {
    const row = await sql<{ seq: number }>`
      insert into stream_segments (webinar_id, seq, take, disc_seq, duration_ms, bytes, captured_at)
      select s.webinar_id, ${segment.seq}::int, ${segment.take}::int,
        coalesce((select p.disc_seq + (p.take <> ${segment.take}::int)::int from stream_segments p
          where p.webinar_id = s.webinar_id order by p.seq desc limit 1), 0),
        ${segment.durationMs}::int, ${segment.bytes}::int, ${segment.capturedAt}::timestamptz
      from webinar_streams s where s.webinar_id = ${webinarId}::int and s.finalised_at is null
      returning seq`.execute(this.db);
    return row.rows.length > 0;
  }

  /** The newest `count` segments, oldest first. */
  async lastSegments(webinarId: number, count: number): Promise<SegmentEntry[]> {
    const rows = await this.db
      .selectFrom('stream_segments')
      .select(SEGMENT_COLUMNS)
      .where('webinar_id', '=', webinarId)
      .orderBy('seq', 'desc')
      .limit(count)
      .execute();
    return rows.reverse();
  }

  /** Seconds broadcast so far. */
  async broadcastMs(webinarId: number): Promise<number> {
    const row = await this.db
      .selectFrom('stream_segments')
      .select(sql<number>`coalesce(sum(duration_ms), 0)::int`.as('ms'))
      .where('webinar_id', '=', webinarId)
      .executeTakeFirstOrThrow();
    return row.ms;
  }

  /**
   * Makes the stream a recording, once: its VOD playlist (`toPlaylist` of every segment) and length
   * are stored as they are now, and never written again. Answers false when it was final already or
   * there is no stream.
   */
  finalise(webinarId: number, toPlaylist: (segments: SegmentEntry[]) => string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const stream = await trx
        .selectFrom('webinar_streams')
        .select('finalised_at')
        .where('webinar_id', '=', webinarId)
        .forUpdate()
        .executeTakeFirst();
      if (!stream || stream.finalised_at !== null) return false;
      const segments = await trx
        .selectFrom('stream_segments')
        .select(SEGMENT_COLUMNS)
        .where('webinar_id', '=', webinarId)
        .orderBy('seq')
        .execute();
      await trx
        .updateTable('webinar_streams')
        .set({
          finalised_at: sql`now()`,
          playlist: toPlaylist(segments),
          duration_ms: segments.reduce((sum, s) => sum + s.durationMs, 0),
        })
        .where('webinar_id', '=', webinarId)
        .execute();
      return true;
    });
  }

  /** Forgets the stream and its segments' rows; answers its folder (its files are the caller's to remove). */
  async deleteStream(webinarId: number): Promise<string | undefined> {
    const row = await this.db.deleteFrom('webinar_streams').where('webinar_id', '=', webinarId).returning('folder').executeTakeFirst();
    return row?.folder;
  }

  /** The webinars whose recordings were finalised before `before`. */
  async recordingsFinalisedBefore(before: Date): Promise<number[]> {
    const rows = await this.db
      .selectFrom('webinar_streams')
      .select('webinar_id')
      .where('finalised_at', '<', before)
      .orderBy('webinar_id')
      .limit(1000)
      .execute();
    return rows.map((r) => r.webinar_id);
  }

  /**
   * Adds watched seconds, at most the time since the person's last heartbeat (and a little): a
   * player cannot report more than the clock allows.
   */
  async addWatchTime(webinarId: number, userId: number, seconds: number, recording: boolean) {
    const column = recording ? sql.ref('recording_seconds') : sql.ref('live_seconds');
    await sql`
      insert into webinar_watch_time as w (webinar_id, user_id, live_seconds, recording_seconds)
      values (${webinarId}::int, ${userId}::int, ${recording ? 0 : seconds}::int, ${recording ? seconds : 0}::int)
      on conflict (webinar_id, user_id) do update set
        ${column} = w.${column} + least(${seconds}::int, greatest(0, extract(epoch from now() - w.updated_at)::int + 5)),
        updated_at = now()`.execute(this.db);
  }

  /** Whether the person joined the webinar's room (the join is where the face check stands). */
  async joined(webinarId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('webinar_attendance')
      .select('user_id')
      .where('webinar_id', '=', webinarId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }
}

import { WEBINAR_PRESENCE_STALE_SECONDS as PRESENCE_STALE_SECONDS } from '@oqu/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { planTraineeCount } from '../../db/trainees.sql.js';

export class PresenceRepository {
  constructor(private readonly db: Db) {}

  /**
   * A stream opened: its presence row, written only while the session that opened it lives (null
   * when it has ended since the caller was authenticated, so no stream outlives a session by a race),
   * and the rows of that session's other open streams, on any process, beyond the newest `keep`
   * (oldest first): the streams the new one supersedes. A row not seen for PRESENCE_STALE_SECONDS
   * belongs to a process that died and is not counted.
   */
  async open(webinarId: number, userId: number, tokenHash: string, keep: number): Promise<{ rowId: number; superseded: number[] } | null> {
    // the select does not see the row its own insert adds: it counts the others
    const { rows } = await sql<{ id: number; superseded: number[] }>`
      with opened as (
        insert into webinar_presence (webinar_id, user_id, token_hash)
        select ${webinarId}, ${userId}, ${tokenHash}
        where exists (select 1 from sessions where token_hash = ${tokenHash} and expires_at > now())
        returning id
      )
      select opened.id, array(
        select id from (
          select p.id from webinar_presence p
          where p.token_hash = ${tokenHash} and p.closed_at is null
            and p.seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})
          order by p.id desc offset ${keep}
        ) older order by id
      ) as superseded
      from opened`.execute(this.db);
    const row = rows[0];
    return row ? { rowId: row.id, superseded: row.superseded } : null;
  }

  /** Which of these sessions (by token hash) are still live. */
  async liveSessions(tokenHashes: readonly string[]): Promise<Set<string>> {
    if (tokenHashes.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sessions')
      .select('token_hash')
      .where(sql<boolean>`token_hash = any(${[...tokenHashes]}::text[])`)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    return new Set(rows.map((row) => row.token_hash));
  }

  /** The heartbeat: every open stream of this process seen now, in one statement. */
  async touch(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`update webinar_presence set seen_at = now() where id = any(${[...ids]}::int[]) and closed_at is null`.execute(this.db);
  }

  /**
   * Streams ended (closed by the client or by the server), in one statement. The attendance record
   * keeps no trace of the session once the stream is over.
   */
  async close(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      update webinar_presence set closed_at = now(), seen_at = now(), token_hash = null
      where id = any(${[...ids]}::int[]) and closed_at is null`.execute(this.db);
  }

  /** People holding the webinar's room open now, on any process; trainees of its plan. */
  async counts(webinarId: number, planId: number): Promise<{ online: number; total: number }> {
    const { rows } = await sql<{ online: number; total: number }>`
      select
        (select count(distinct p.user_id)::int from webinar_presence p
          where p.webinar_id = ${webinarId} and p.closed_at is null
            and p.seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})) as online,
        ${planTraineeCount(planId)} as total`.execute(this.db);
    return rows[0] ?? { online: 0, total: 0 };
  }
}

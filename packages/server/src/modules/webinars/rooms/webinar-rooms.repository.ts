import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** A room's start and end, and the trainees' joins. */
export class WebinarRoomsRepository {
  constructor(private readonly db: Db) {}

  /** Marks the start once; answers whether this call did it. */
  async markStarted(id: number) {
    const row = await this.db
      .updateTable('webinars')
      .set({ started_at: sql`now()` })
      .where('id', '=', id)
      .where('started_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Marks the end once; answers when it ended and whether this call did it. */
  async markEnded(id: number) {
    const row = await this.db
      .updateTable('webinars')
      .set({ ended_at: sql`now()` })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .returning('ended_at')
      .executeTakeFirst();
    if (row?.ended_at) return { endedAt: row.ended_at, now: true };
    const current = await this.db.selectFrom('webinars').select('ended_at').where('id', '=', id).executeTakeFirstOrThrow();
    return { endedAt: current.ended_at as Date, now: false };
  }

  /**
   * The trainee's join: the first time and the latest. A join through the face check marks the
   * attendance face-verified with its similarity (the latest match's); a later plain join keeps that.
   */
  async recordJoin(webinarId: number, userId: number, verified?: { similarity: number }) {
    const face = verified ? { face_verified: true, face_similarity: verified.similarity } : {};
    await this.db
      .insertInto('webinar_attendance')
      .values({ webinar_id: webinarId, user_id: userId, ...face })
      .onConflict((oc) => oc.columns(['webinar_id', 'user_id']).doUpdateSet({ last_joined_at: sql`now()`, ...face }))
      .execute();
  }
}

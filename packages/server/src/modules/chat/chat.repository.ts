import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageOf } from '../../db/listing.js';

export interface ChatRecord {
  id: number;
  webinar_id: number;
  user_id: number;
  message: string;
  created_at: Date | string;
  full_name: string;
  role_id: number;
}

export class ChatRepository {
  constructor(private readonly db: Db) {}

  /** A window of the webinar's chat, newest first, with the total in the same query. */
  page(webinarId: number, limit: number, offset: number) {
    const query = this.db
      .selectFrom('chat_messages as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.webinar_id', 'm.user_id', 'm.message', 'm.created_at', 'u.full_name', 'u.role_id'])
      .select(sql<number>`count(*) over ()::int`.as('total'))
      .where('m.webinar_id', '=', webinarId)
      .orderBy('m.id', 'desc');
    return pageOf(query, limit, offset);
  }

  /** Stores a message and answers it with its author's name and role, in one statement. */
  async insert(webinarId: number, userId: number, message: string): Promise<ChatRecord> {
    return this.db
      .with('m', (db) =>
        db
          .insertInto('chat_messages')
          .values({ webinar_id: webinarId, user_id: userId, message })
          .returning(['id', 'webinar_id', 'user_id', 'message', 'created_at']),
      )
      .selectFrom('m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.webinar_id', 'm.user_id', 'm.message', 'm.created_at', 'u.full_name', 'u.role_id'])
      .executeTakeFirstOrThrow();
  }
}

import { type Insertable, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

/** A document as the room lists it (json of the listing or a row). */
export interface DocumentRecord {
  id: number;
  name: string;
  size: number;
  storage_key: string;
  created_at: Date | string;
}

/** The documents of webinar rooms. */
export class WebinarDocumentsRepository {
  constructor(private readonly db: Db) {}

  documents(webinarId: number): Promise<DocumentRecord[]> {
    return this.db
      .selectFrom('webinar_documents')
      .select(['id', 'name', 'size', 'storage_key', sql<Date>`created_at`.as('created_at')])
      .where('webinar_id', '=', webinarId)
      .orderBy('id')
      .execute();
  }

  findDocument(id: number) {
    return this.db
      .selectFrom('webinar_documents as d')
      .innerJoin('webinars as w', 'w.id', 'd.webinar_id')
      .select(['d.id', 'd.webinar_id', 'd.name', 'd.storage_key'])
      .where('d.id', '=', id)
      .where('w.archived_at', 'is', null)
      .executeTakeFirst();
  }

  async insertDocument(values: Insertable<Database['webinar_documents']>) {
    const row = await this.db.insertInto('webinar_documents').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteDocument(id: number) {
    await this.db.deleteFrom('webinar_documents').where('id', '=', id).execute();
  }
}

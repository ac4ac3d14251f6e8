import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageOf } from '../../db/listing.js';

export interface NewMediaFile {
  name: string;
  vr: boolean;
  storage_key: string;
  size: number;
  mime: string;
  file_name: string;
  created_by: number;
}

export class MediaRepository {
  constructor(private readonly db: Db) {}

  private files() {
    return this.db.selectFrom('media_files').select(['id', 'name', 'vr', 'storage_key', 'size', 'mime', 'file_name', 'created_at']);
  }

  /** One page of the library, newest first, with the total in the same query; `vrOnly`: the VR videos. */
  page(filter: { vrOnly?: boolean }, limit: number, offset: number) {
    let query = this.files().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.vrOnly) query = query.where('vr', '=', true);
    return pageOf(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), limit, offset);
  }

  findById(id: number) {
    return this.files().where('id', '=', id).executeTakeFirst();
  }

  async insert(values: NewMediaFile) {
    const row = await this.db.insertInto('media_files').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: { name: string; vr: boolean }) {
    const result = await this.db.updateTable('media_files').set(values).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the row and answers it, or undefined when it was already gone. */
  delete(id: number) {
    return this.db.deleteFrom('media_files').where('id', '=', id).returning(['id', 'name', 'storage_key']).executeTakeFirst();
  }
}

export type MediaRecord = NonNullable<Awaited<ReturnType<MediaRepository['findById']>>>;

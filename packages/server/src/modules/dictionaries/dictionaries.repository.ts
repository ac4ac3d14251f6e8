import type { Db } from '../../db/database.js';

export class DictionariesRepository {
  constructor(private readonly db: Db) {}

  items(kind: 'topic_type' | 'edu_type') {
    return this.db
      .selectFrom('dictionary_items')
      .select(['id', 'name_ru', 'name_kk', 'name_en'])
      .where('kind', '=', kind)
      .orderBy('position')
      .execute();
  }
}

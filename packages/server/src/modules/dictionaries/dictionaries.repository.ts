import type { Db } from '../../db/database.js';
import type { DictionaryItemsTable } from '../../db/schema.js';

export type DictionaryKind = DictionaryItemsTable['kind'];

export class DictionariesRepository {
  constructor(private readonly db: Db) {}

  items(kind: DictionaryKind) {
    return this.db
      .selectFrom('dictionary_items')
      .select(['id', 'name_ru', 'name_kk', 'name_en'])
      .where('kind', '=', kind)
      .orderBy('position')
      .execute();
  }
}

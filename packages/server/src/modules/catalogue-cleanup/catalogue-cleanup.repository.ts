import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';

/** The tests a catalogue deletion reaches, by the `tests` column that names them: a plan's, a topic's, or one test. */
export interface TestsScope {
  by: 'plan_id' | 'topic_id' | 'id';
  id: number;
}

export class CatalogueCleanupRepository {
  constructor(private readonly db: Db) {}

  /** Results (attempts) recorded on the tests in scope. */
  async resultCount(scope: TestsScope, db: Executor = this.db) {
    const row = await db
      .selectFrom('attempts')
      .innerJoin('tests', 'tests.id', 'attempts.test_id')
      .select(sql<number>`count(*)::int`.as('count'))
      .where(`tests.${scope.by}`, '=', scope.id)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /**
   * In one transaction: when any test in scope has results, deletes nothing and answers how many;
   * else runs `deleteRows` (the owner's delete, whose cascade takes the tests and their questions)
   * and answers its value with the image keys the deleted questions held.
   */
  deleteUnlessResults<T>(scope: TestsScope, deleteRows: (trx: Executor) => Promise<T>) {
    return this.db.transaction().execute(async (trx) => {
      const results = await this.resultCount(scope, trx);
      if (results > 0) return { deleted: false as const, results };
      const images = await trx
        .selectFrom('questions')
        .innerJoin('tests', 'tests.id', 'questions.test_id')
        .select('questions.image_key')
        .distinct()
        .where(`tests.${scope.by}`, '=', scope.id)
        .where('questions.image_key', 'is not', null)
        .execute();
      const value = await deleteRows(trx);
      return { deleted: true as const, value, imageKeys: images.map((r) => r.image_key as string) };
    });
  }

  /** Of these question image keys, the ones no question (archived ones included) refers to any more. */
  async unusedImages(keys: string[]) {
    if (keys.length === 0) return [];
    const used = await this.db.selectFrom('questions').select('image_key').distinct().where('image_key', 'in', keys).execute();
    const still = new Set(used.map((r) => r.image_key));
    return keys.filter((key) => !still.has(key));
  }
}

import type { Db } from '../../db/database.js';

export class RetakesRepository {
  constructor(private readonly db: Db) {}

  /** The trainee's earliest retake of the test that no attempt has used yet. */
  pendingRetake(userId: number, testId: number) {
    return this.db
      .selectFrom('retakes as r')
      .select(['r.id', 'r.available_from'])
      .where('r.user_id', '=', userId)
      .where('r.test_id', '=', testId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('attempts as a').select('a.id').whereRef('a.retake_id', '=', 'r.id'))))
      .orderBy('r.available_from')
      .orderBy('r.id')
      .executeTakeFirst();
  }
}

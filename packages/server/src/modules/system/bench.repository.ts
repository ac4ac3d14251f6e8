import { type Generated, sql } from 'kysely';
import type { Db } from '../../db/database.js';

type BenchTables = {
  bench_answers: { user_id: number; question_id: number; answer: string; answered_at: Generated<Date> };
};

/**
 * The table behind the bare benchmark route (BENCH_ROUTES=true only): made when the route is
 * registered, so a production database never carries it.
 */
export class BenchRepository {
  private readonly db;

  constructor(db: Db) {
    this.db = db.withTables<BenchTables>();
  }

  async ensureTable() {
    await sql`create table if not exists bench_answers (
      user_id integer not null,
      question_id integer not null,
      answer char(1) not null,
      answered_at timestamptz not null default now(),
      primary key (user_id, question_id)
    )`.execute(this.db);
  }

  /** One row per (person, question): the last answer sent wins. */
  async upsert(userId: number, questionId: number, answer: string) {
    await this.db
      .insertInto('bench_answers')
      .values({ user_id: userId, question_id: questionId, answer })
      .onConflict((oc) => oc.columns(['user_id', 'question_id']).doUpdateSet({ answer, answered_at: sql`now()` }))
      .execute();
  }
}

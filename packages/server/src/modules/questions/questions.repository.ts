import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';
import type { QuestionsTable } from '../../db/schema.js';

export interface QuestionsFilter {
  test?: number;
  plan?: number;
  topic?: number;
  search?: string;
}

export type QuestionValues = Omit<Insertable<QuestionsTable>, 'id' | 'archived_at' | 'created_at'>;

export class QuestionsRepository {
  constructor(private readonly db: Db) {}

  /** Live (not archived) questions with their test's and plan's names. */
  private live() {
    return this.db
      .selectFrom('questions as q')
      .innerJoin('tests as t', 't.id', 'q.test_id')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .select([
        'q.id',
        'q.test_id',
        'q.text',
        'q.position',
        'q.variant_a',
        'q.variant_b',
        'q.variant_c',
        'q.variant_d',
        'q.variant_e',
        'q.variant_f',
        'q.correct_answer',
        'q.image_key',
        'q.image_name',
        't.name as test_name',
        'p.name as plan_name',
      ])
      .where('q.archived_at', 'is', null);
  }

  /** One page of live questions, by test, position and creation, with the total in the same query. */
  async page(filter: QuestionsFilter, limit: number, offset: number) {
    let query = this.live().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.test) query = query.where('q.test_id', '=', filter.test);
    if (filter.plan) query = query.where('t.plan_id', '=', filter.plan);
    if (filter.topic) query = query.where('t.topic_id', '=', filter.topic);
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) => eb.or([eb('q.text', 'ilike', pattern), eb('t.name', 'ilike', pattern)]));
    }
    return pageOf(query.orderBy('q.test_id').orderBy('q.position').orderBy('q.id'), limit, offset);
  }

  findById(id: number) {
    return this.live().where('q.id', '=', id).executeTakeFirst();
  }

  findTest(testId: number) {
    return this.db.selectFrom('tests').select(['id', 'name']).where('id', '=', testId).executeTakeFirst();
  }

  /** Whether any trainee's answer refers to the question (then it is archived, never deleted or moved). */
  async isAnswered(id: number) {
    const row = await this.db.selectFrom('attempt_answers').select('question_id').where('question_id', '=', id).limit(1).executeTakeFirst();
    return Boolean(row);
  }

  async insert(values: QuestionValues) {
    const row = await this.db.insertInto('questions').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** All rows in one statement, in one transaction: all are added or none. */
  async insertMany(rows: QuestionValues[]) {
    if (rows.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('questions').values(rows).returning('id').execute();
      return inserted.length;
    });
  }

  async update(id: number, values: Updateable<QuestionsTable>) {
    await this.db.updateTable('questions').set(values).where('id', '=', id).where('archived_at', 'is', null).execute();
  }

  /** Archives the answered question and puts a copy with the new values in its place, atomically. */
  moveByCopy(id: number, values: QuestionValues) {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('questions').set({ archived_at: sql`now()` }).where('id', '=', id).execute();
      const row = await trx.insertInto('questions').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async archive(id: number) {
    await this.db.updateTable('questions').set({ archived_at: sql`now()` }).where('id', '=', id).execute();
  }

  /** Removes the row; throws a restrict violation when an answer refers to it. */
  async delete(id: number) {
    await this.db.deleteFrom('questions').where('id', '=', id).execute();
  }

  async setImage(id: number, image: { key: string | null; name: string | null }) {
    await this.db.updateTable('questions').set({ image_key: image.key, image_name: image.name }).where('id', '=', id).execute();
  }
}

export type QuestionRecord = NonNullable<Awaited<ReturnType<QuestionsRepository['findById']>>>;

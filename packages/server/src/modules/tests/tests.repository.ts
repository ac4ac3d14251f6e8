import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { containing } from '../../db/listing.js';
import type { TestsTable } from '../../db/schema.js';

export interface TestsFilter {
  plan?: number;
  topic?: number;
  search?: string;
}

export class TestsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Tests with their plan and topic names, the total of the listing and each row's place in the
   * catalogue order: plan, topic, webinar position, creation.
   */
  private listing() {
    return this.db
      .selectFrom('tests as t')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .select([
        't.id',
        't.name',
        't.description',
        't.plan_id',
        't.topic_id',
        't.duration_minutes',
        't.pass_marks',
        't.is_webinar',
        't.position',
        't.created_at',
        'p.name as plan_name',
        'tp.name as topic_name',
        sql<number>`count(*) over ()::int`.as('total'),
        sql<number>`row_number() over (order by p.name, t.plan_id, tp.position, t.topic_id, t.position nulls last, t.id)::int`.as('ord'),
      ]);
  }

  /**
   * One page of tests with the total, and for the page's tests only: live questions, trainees who
   * passed, attempts on record — one statement, no query per row.
   */
  async page(filter: TestsFilter, limit: number, offset: number) {
    let query = this.listing();
    if (filter.plan) query = query.where('t.plan_id', '=', filter.plan);
    if (filter.topic) query = query.where('t.topic_id', '=', filter.topic);
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) => eb.or([eb('t.name', 'ilike', pattern), eb('tp.name', 'ilike', pattern), eb('p.name', 'ilike', pattern)]));
    }
    const rows = await this.withFigures(query.orderBy(sql`ord`).limit(limit).offset(offset));
    if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    // past the last page: still tell how many there are
    const first = await query.limit(1).executeTakeFirst();
    return { rows, total: first?.total ?? 0 };
  }

  async findById(id: number) {
    const [row] = await this.withFigures(this.listing().where('t.id', '=', id));
    return row;
  }

  /** The rows of a (limited) listing with their figures, in listing order. */
  private withFigures(rows: ReturnType<TestsRepository['listing']>) {
    return this.db
      .with('page', () => rows)
      .selectFrom('page')
      .selectAll('page')
      .select([
        sql<number>`(select count(*)::int from questions q where q.test_id = page.id and q.archived_at is null)`.as('question_count'),
        sql<number>`(select count(distinct a.user_id)::int from attempts a where a.test_id = page.id and a.passed and a.finished_at is not null)`.as(
          'passed_count',
        ),
        sql<number>`(select count(*)::int from attempts a where a.test_id = page.id)`.as('attempt_count'),
      ])
      .orderBy('page.ord')
      .execute();
  }

  /** The topic's plan, to check that a test's topic belongs to its plan. */
  findTopic(topicId: number) {
    return this.db
      .selectFrom('topics as tp')
      .innerJoin('plans as p', 'p.id', 'tp.plan_id')
      .select(['tp.id', 'tp.name', 'tp.plan_id', 'p.name as plan_name'])
      .where('tp.id', '=', topicId)
      .executeTakeFirst();
  }

  findPlan(planId: number) {
    return this.db.selectFrom('plans').select(['id', 'name']).where('id', '=', planId).executeTakeFirst();
  }

  async insert(values: Insertable<TestsTable>) {
    const row = await this.db.insertInto('tests').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Updateable<TestsTable>) {
    await this.db.updateTable('tests').set(values).where('id', '=', id).execute();
  }

  /** Deletes the test (with `trx`, inside the catalogue clean-up's transaction); its questions cascade. */
  async delete(trx: Executor, id: number) {
    await trx.deleteFrom('tests').where('id', '=', id).execute();
  }
}

export type TestRecord = NonNullable<Awaited<ReturnType<TestsRepository['findById']>>>;

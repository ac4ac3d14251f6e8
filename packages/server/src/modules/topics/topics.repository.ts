import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';
import type { TopicsTable } from '../../db/schema.js';

export interface TopicFilter {
  plan?: number;
  type?: number;
  search?: string;
}

export class TopicsRepository {
  constructor(private readonly db: Db) {}

  private topics() {
    return this.db
      .selectFrom('topics as t')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .select([
        't.id',
        't.plan_id',
        'p.name as plan_name',
        't.name',
        't.position',
        't.id_number',
        't.description',
        't.thematic',
        't.lesson_plan',
        't.outline',
        't.equipment',
        't.teaching_aids',
        't.total_hours',
        't.type_id',
        't.edu_type_id',
        't.scheduled_at',
        sql<number>`(select count(*)::int from tests where tests.topic_id = t.id)`.as('test_count'),
      ]);
  }

  /** One page of topics by plan name, then position, with the total in the same query. */
  async page(filter: TopicFilter, limit: number, offset: number) {
    let query = this.topics().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.plan) query = query.where('t.plan_id', '=', filter.plan);
    if (filter.type) query = query.where('t.type_id', '=', filter.type);
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) =>
        eb.or([eb('t.name', 'ilike', pattern), eb('t.id_number', 'ilike', pattern), eb('t.thematic', 'ilike', pattern)]),
      );
    }
    return pageOf(query.orderBy('p.name').orderBy('t.plan_id').orderBy('t.position').orderBy('t.id'), limit, offset);
  }

  findById(id: number) {
    return this.topics().where('t.id', '=', id).executeTakeFirst();
  }

  async planExists(id: number) {
    return Boolean(await this.db.selectFrom('plans').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** The kind of each dictionary item asked for (absent when there is no such item). */
  async dictionaryKinds(ids: number[]) {
    const rows = await this.db.selectFrom('dictionary_items').select(['id', 'kind']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.kind]));
  }

  async insert(values: Insertable<TopicsTable>) {
    const row = await this.db.insertInto('topics').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Saves the topic; when it moves to another plan its tests move with it, in the same transaction. */
  async update(id: number, values: Updateable<TopicsTable>) {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('topics').set(values).where('id', '=', id).execute();
      if (values.plan_id !== undefined) {
        await trx
          .updateTable('tests')
          .set({ plan_id: values.plan_id })
          .where('topic_id', '=', id)
          .where('plan_id', '!=', values.plan_id)
          .execute();
      }
    });
  }

  /** Deletes the topic (with `trx`, inside the catalogue clean-up's transaction); its tests and questions cascade. */
  async delete(trx: Executor, id: number) {
    await trx.deleteFrom('topics').where('id', '=', id).execute();
  }
}

export type TopicRecord = NonNullable<Awaited<ReturnType<TopicsRepository['findById']>>>;

import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';
import type { PlansTable } from '../../db/schema.js';

export class PlansRepository {
  constructor(private readonly db: Db) {}

  /** Plans with their certificate and the figures the list shows, computed by the database per row. */
  private plans() {
    return this.db
      .selectFrom('plans as p')
      .leftJoin('certificates as c', 'c.id', 'p.certificate_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('topics as t')
            .select([sql<number>`count(*)::int`.as('topic_count'), sql<string>`coalesce(sum(t.total_hours), 0)::text`.as('total_hours')])
            .whereRef('t.plan_id', '=', 'p.id')
            .as('topic_stats'),
        (join) => join.onTrue(),
      )
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.duties',
        'p.certificate_id',
        'p.edu_type_id',
        'c.name as certificate_name',
        'c.file_name as certificate_file_name',
        'c.storage_key as certificate_key',
        'topic_stats.topic_count',
        'topic_stats.total_hours',
        sql<number>`(select count(*)::int from users u where u.plan_id = p.id and u.archived_at is null)`.as('student_count'),
      ]);
  }

  /** One page of plans by name, with the total in the same query. */
  async page(filter: { search?: string }, limit: number, offset: number) {
    let query = this.plans().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) => eb.or([eb('p.name', 'ilike', pattern), eb(sql`array_to_string(p.duties, ' ')`, 'ilike', pattern)]));
    }
    return pageOf(query.orderBy('p.name').orderBy('p.id'), limit, offset);
  }

  findById(id: number) {
    return this.plans().where('p.id', '=', id).executeTakeFirst();
  }

  async certificateExists(id: number) {
    return Boolean(await this.db.selectFrom('certificates').select('id').where('id', '=', id).executeTakeFirst());
  }

  async isEduType(id: number) {
    const row = await this.db.selectFrom('dictionary_items').select('kind').where('id', '=', id).executeTakeFirst();
    return row?.kind === 'edu_type';
  }

  async insert(values: Insertable<PlansTable>) {
    const row = await this.db.insertInto('plans').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Updateable<PlansTable>) {
    // fields left undefined are not written; with none left there is nothing to set
    if (Object.values(values).every((value) => value === undefined)) return;
    await this.db.updateTable('plans').set(values).where('id', '=', id).execute();
  }

  /**
   * Deletes the plan (with `trx`, inside the catalogue clean-up's transaction): its topics, tests and
   * questions cascade, its people are left without a plan. Answers how many live people it detached.
   */
  async delete(trx: Executor, id: number) {
    const people = await trx
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('plan_id', '=', id)
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('plans').where('id', '=', id).execute();
    return people.count;
  }

  /** A window of the plans by name (id and name, for the pickers), with the total in the same query. */
  pickerPage(limit: number, offset: number) {
    const query = this.db
      .selectFrom('plans')
      .select(['id', 'name', sql<number>`count(*) over ()::int`.as('total')])
      .orderBy('name')
      .orderBy('id');
    return pageOf(query, limit, offset);
  }

  /** The topics of these plans, by plan and position. */
  topicsOf(planIds: readonly number[]) {
    if (planIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('topics')
      .select(['id', 'plan_id', 'name', 'type_id'])
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }
}

export type PlanRecord = NonNullable<Awaited<ReturnType<PlansRepository['findById']>>>;
export type PlanTopicRecord = Awaited<ReturnType<PlansRepository['topicsOf']>>[number];

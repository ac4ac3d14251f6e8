import { sql } from 'kysely';
import { attemptsOf, bestAttemptOf, latestFinishedOf, runningAttemptOf, unusedRetakesOf } from '../../db/attempts.sql.js';
import type { Db, Executor } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';

export interface RetakesFilter {
  search?: string;
  user?: number;
}

export class RetakesRepository {
  constructor(private readonly db: Db) {}

  /** Retakes with their person, test, the test's plan and topic (and its type's names), and whether one was used. */
  private listing() {
    return this.db
      .selectFrom('retakes as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('tests as t', 't.id', 'r.test_id')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .leftJoin('dictionary_items as d', 'd.id', 'tp.type_id')
      .select([
        'r.id',
        'r.user_id',
        'r.test_id',
        'r.available_from',
        'u.full_name',
        'u.tabel',
        'u.department',
        'u.duty',
        't.name as test_name',
        'p.name as plan_name',
        'tp.position as topic_number',
        'tp.thematic',
        'd.name_ru as type_ru',
        'd.name_kk as type_kk',
        'd.name_en as type_en',
        sql<boolean>`exists (select 1 from attempts a where a.retake_id = r.id)`.as('used'),
      ]);
  }

  /** One page, newest date first, with the total in the same query; search by name or personnel number. */
  page(filter: RetakesFilter, limit: number, offset: number) {
    let query = this.listing().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.user) query = query.where('r.user_id', '=', filter.user);
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) =>
        eb.or([eb('u.full_name', 'ilike', pattern), eb('u.tabel', 'ilike', pattern), eb('t.name', 'ilike', pattern)]),
      );
    }
    return pageOf(query.orderBy('r.available_from', 'desc').orderBy('r.id', 'desc'), limit, offset);
  }

  findById(id: number) {
    return this.listing().where('r.id', '=', id).executeTakeFirst();
  }

  /** Every retake of a person, used or not, newest first. */
  ofUser(userId: number) {
    return this.listing().where('r.user_id', '=', userId).orderBy('r.available_from', 'desc').orderBy('r.id', 'desc').execute();
  }

  /** A live person, as a retake's form and checks need them. */
  findPerson(where: { id: number } | { tabel: string }) {
    const query = this.db
      .selectFrom('users')
      .select(['id', 'role_id', 'plan_id', 'full_name', 'tabel', 'department', 'duty'])
      .where('archived_at', 'is', null);
    return ('id' in where ? query.where('id', '=', where.id) : query.where('tabel', '=', where.tabel)).executeTakeFirst();
  }

  findTest(testId: number) {
    return this.db.selectFrom('tests').select(['id', 'plan_id', 'name']).where('id', '=', testId).executeTakeFirst();
  }

  /** Tests of a plan with their topic and plan names, in the plan's order. */
  planTests(planId: number) {
    return this.db
      .selectFrom('tests as t')
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .select(['t.id', 't.name', 'tp.name as topic_name', 'p.name as plan_name'])
      .where('t.plan_id', '=', planId)
      .orderBy('tp.position')
      .orderBy('tp.id')
      .orderBy(sql`t.position nulls last`)
      .orderBy('t.id')
      .execute();
  }

  /**
   * Runs `work` in a transaction holding the person's row, so that two writes of retakes for one
   * person cannot both find "no unused retake of this test" and both add one.
   */
  lockingPerson<T>(userId: number, work: (trx: Executor) => Promise<T>) {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      return work(trx);
    });
  }

  /** Whether the person has an unused retake of the test (other than `exceptId`). */
  async hasPending(trx: Executor, userId: number, testId: number, exceptId?: number) {
    let unused = unusedRetakesOf(userId, testId).select('r.id');
    if (exceptId !== undefined) unused = unused.where('r.id', '<>', exceptId);
    return Boolean(await trx.selectFrom(unused.limit(1).as('r')).select('r.id').executeTakeFirst());
  }

  async insert(trx: Executor, values: { user_id: number; test_id: number; available_from: Date; created_by: number }) {
    const row = await trx.insertInto('retakes').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(trx: Executor, id: number, values: { user_id: number; test_id: number; available_from: Date }) {
    await trx.updateTable('retakes').set(values).where('id', '=', id).execute();
  }

  /** Removes a retake; an attempt that used it refuses the delete (a reference violation). */
  async delete(id: number) {
    await this.db.deleteFrom('retakes').where('id', '=', id).execute();
  }

  /**
   * The gradebook journal: one row per test of the plan, with the person's figures for it — the
   * best finished attempt (most right in proportion, then the latest), the latest finished one's
   * outcome, whether one is running, how many were made, and whether an unused retake waits.
   */
  journal(userId: number, planId: number) {
    return this.db
      .selectFrom('tests as t')
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .leftJoin('dictionary_items as d', 'd.id', 'tp.type_id')
      .leftJoinLateral(
        (eb) => bestAttemptOf(userId, eb.ref('t.id')).select(['a.correct_count', 'a.question_count']).as('best'),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) => latestFinishedOf(userId, eb.ref('t.id')).select('a.passed').as('latest'),
        (join) => join.onTrue(),
      )
      .select([
        't.id',
        't.name',
        'tp.position as topic_number',
        'tp.thematic',
        'tp.total_hours',
        'd.name_ru as type_ru',
        'd.name_kk as type_kk',
        'd.name_en as type_en',
        'best.correct_count as best_correct',
        'best.question_count as best_questions',
        'latest.passed as latest_passed',
        sql<number>`(select count(*)::int from questions q where q.test_id = t.id and q.archived_at is null)`.as('question_count'),
      ])
      .select((eb) => [
        attemptsOf(userId, eb.ref('t.id')).select(sql<number>`count(*)::int`.as('n')).$asScalar().as('attempt_count'),
        eb.exists(runningAttemptOf(userId, eb.ref('t.id')).select('a.id')).as('running'),
        eb.exists(unusedRetakesOf(userId, eb.ref('t.id')).select('r.id')).as('pending_retake'),
      ])
      .where('t.plan_id', '=', planId)
      .orderBy('tp.position')
      .orderBy('tp.id')
      .orderBy(sql`t.position nulls last`)
      .orderBy('t.id')
      .execute();
  }
}

export type RetakeRecord = NonNullable<Awaited<ReturnType<RetakesRepository['findById']>>>;
export type JournalRecord = Awaited<ReturnType<RetakesRepository['journal']>>[number];
export type PersonRecord = NonNullable<Awaited<ReturnType<RetakesRepository['findPerson']>>>;
export type PlanTestRecord = Awaited<ReturnType<RetakesRepository['planTests']>>[number];

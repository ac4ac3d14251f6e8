import { type Expression, sql } from 'kysely';
import { bestAttemptOf } from '../../db/attempts.sql.js';
import type { Db } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';
import { planPassed, testPassed, topicPassed, topicWebinarAttended } from '../../db/progress.sql.js';
import { liveTrainee } from '../../db/trainees.sql.js';

/** Which tests of whose a result listing reads: the tests of a topic, or of a plan (optionally one topic of it). */
export type TestScope = { topicId: number } | { planId: number; topicId?: number };

/** Person `u` follows plan `planId`: a live trainee whose plan it is (archived people count nowhere). */
const traineeOf = (planId: number | Expression<number>) => sql<boolean>`(u.plan_id = ${planId} and ${liveTrainee('u')})`;

export class VisitLogRepository {
  /** `timeZone`: ORG_TIMEZONE, in which a topic's scheduled day and time are read */
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  /** Plans by name, a page at a time, each with its trainees and how many of them passed the plan. */
  plans(search: string | undefined, limit: number, offset: number) {
    let query = this.db
      .selectFrom('plans as p')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('users as u')
            .where(traineeOf(eb.ref('p.id')))
            .select([
              sql<number>`count(*)::int`.as('total'),
              sql<number>`count(*) filter (where ${planPassed(sql.ref('u.id'), sql.ref('p.id'))})::int`.as('passed'),
            ])
            .as('a'),
        (join) => join.onTrue(),
      )
      .select(['p.id', 'p.name', 'a.total as trainees', 'a.passed', sql<number>`count(*) over ()::int`.as('total')]);
    if (search) query = query.where('p.name', 'ilike', containing(search));
    return pageOf(query.orderBy('p.name').orderBy('p.id'), limit, offset);
  }

  /** Topics with their type's names, schedule in ORG_TIMEZONE, plan name and attendance (trainees of the plan; those who passed the topic). */
  private topics() {
    const scheduled = (format: string) => sql<string | null>`to_char(tp.scheduled_at at time zone ${this.timeZone}, ${format})`;
    return this.db
      .selectFrom('topics as tp')
      .innerJoin('plans as p', 'p.id', 'tp.plan_id')
      .leftJoin('dictionary_items as d', 'd.id', 'tp.type_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('users as u')
            .where(traineeOf(eb.ref('tp.plan_id')))
            .select([
              sql<number>`count(*)::int`.as('total'),
              sql<number>`count(*) filter (where ${topicPassed(sql.ref('u.id'), sql.ref('tp.id'))})::int`.as('passed'),
            ])
            .as('a'),
        (join) => join.onTrue(),
      )
      .select([
        'tp.id',
        'tp.plan_id',
        'p.name as plan_name',
        'tp.position',
        'tp.name',
        'tp.type_id',
        'tp.total_hours',
        'd.name_ru as type_ru',
        'd.name_kk as type_kk',
        'd.name_en as type_en',
        scheduled('YYYY-MM-DD').as('date'),
        scheduled('HH24:MI').as('time'),
        'a.total as trainees',
        'a.passed',
      ]);
  }

  /** The topics of several plans in one query, each plan's in its order. */
  topicsOf(planIds: number[]) {
    if (planIds.length === 0) return Promise.resolve([]);
    return this.topics().where('tp.plan_id', 'in', planIds).orderBy('tp.plan_id').orderBy('tp.position').orderBy('tp.id').execute();
  }

  findTopic(id: number) {
    return this.topics().where('tp.id', '=', id).executeTakeFirst();
  }

  /**
   * A topic's trainees by name, a page at a time, searched by name, IIN or personnel number, with
   * their latest activity on it (a finished attempt at its tests or a webinar of it joined) and
   * whether they attended one of its webinars.
   */
  topicTrainees(topic: { id: number; plan_id: number }, search: string | undefined, limit: number, offset: number) {
    let query = this.db
      .selectFrom('users as u')
      .where(traineeOf(topic.plan_id))
      .select([
        'u.id',
        'u.full_name',
        'u.department',
        'u.duty',
        'u.iin',
        'u.tabel',
        sql<string | null>`greatest(
        (select max(a.finished_at) from attempts a join tests t on t.id = a.test_id where a.user_id = u.id and t.topic_id = ${topic.id}),
        (select max(wa.last_joined_at) from webinar_attendance wa join webinars w on w.id = wa.webinar_id where wa.user_id = u.id and w.topic_id = ${topic.id}))`.as(
          'last_activity',
        ),
        topicWebinarAttended(sql.ref('u.id'), topic.id).as('webinar'),
        sql<number>`count(*) over ()::int`.as('total'),
      ]);
    if (search) {
      const pattern = containing(search);
      query = query.where((eb) =>
        eb.or([eb('u.full_name', 'ilike', pattern), eb('u.iin', 'ilike', pattern), eb('u.tabel', 'ilike', pattern)]),
      );
    }
    return pageOf(query.orderBy('u.full_name').orderBy('u.id'), limit, offset);
  }

  /** A live trainee, as the trainee's tests screen heads them. */
  findTrainee(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'full_name', 'department', 'duty', 'tabel', 'plan_id'])
      .where('id', '=', id)
      .where(liveTrainee('users'))
      .executeTakeFirst();
  }

  /**
   * Each person's result at each test in `scope`, in one query: the best finished attempt's counts
   * (none while waiting) and whether a finished attempt passed; with the test's topic, duration and
   * current question count. In the plan's order.
   */
  results(userIds: number[], scope: TestScope) {
    if (userIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('users as u')
      .innerJoin('tests as t', (join) => join.onTrue())
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .leftJoinLateral(
        (eb) => bestAttemptOf(eb.ref('u.id'), eb.ref('t.id')).select(['a.correct_count', 'a.question_count']).as('best'),
        (join) => join.onTrue(),
      )
      .select([
        'u.id as user_id',
        't.id',
        't.name',
        't.duration_minutes',
        'tp.id as topic_id',
        'tp.name as topic_name',
        'best.correct_count as best_correct',
        'best.question_count as best_questions',
        testPassed(sql.ref('u.id'), sql.ref('t.id')).as('passed'),
        sql<number>`(select count(*)::int from questions q where q.test_id = t.id and q.archived_at is null)`.as('question_count'),
      ])
      .where('u.id', 'in', userIds);
    if ('planId' in scope) query = query.where('t.plan_id', '=', scope.planId);
    if (scope.topicId !== undefined) query = query.where('t.topic_id', '=', scope.topicId);
    return query.orderBy('tp.position').orderBy('tp.id').orderBy(sql`t.position nulls last`).orderBy('t.id').execute();
  }
}

export type VisitLogTopicRecord = NonNullable<Awaited<ReturnType<VisitLogRepository['findTopic']>>>;
export type PlanRecord = Awaited<ReturnType<VisitLogRepository['plans']>>['rows'][number];
export type TraineeRecord = Awaited<ReturnType<VisitLogRepository['topicTrainees']>>['rows'][number];
export type ResultRecord = Awaited<ReturnType<VisitLogRepository['results']>>[number];
export type TraineeHeadRecord = NonNullable<Awaited<ReturnType<VisitLogRepository['findTrainee']>>>;

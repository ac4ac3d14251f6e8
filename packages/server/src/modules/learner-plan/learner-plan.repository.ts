import { bestAttemptOf, passedAttemptsOf } from '../../db/attempts.sql.js';
import type { Db } from '../../db/database.js';

export class LearnerPlanRepository {
  constructor(private readonly db: Db) {}

  /** The person with their plan, its certificate and education type (all optional), in one query. */
  userInfo(userId: number) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('plans as p', 'p.id', 'u.plan_id')
      .leftJoin('certificates as c', 'c.id', 'p.certificate_id')
      .leftJoin('dictionary_items as e', 'e.id', 'p.edu_type_id')
      .select([
        'u.full_name',
        'u.department',
        'u.duty',
        'p.id as plan_id',
        'p.name as plan_name',
        'p.description as plan_description',
        'p.duties as plan_duties',
        'p.edu_type_id',
        'c.id as certificate_id',
        'c.name as certificate_name',
        'e.name_ru as edu_name_ru',
        'e.name_kk as edu_name_kk',
        'e.name_en as edu_name_en',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** Topics of the person's plan (none without a plan), by type, position and id. */
  topicsOf(userId: number) {
    return this.db
      .selectFrom('topics')
      .select([
        'id',
        'name',
        'position',
        'id_number',
        'description',
        'thematic',
        'lesson_plan',
        'outline',
        'equipment',
        'teaching_aids',
        'total_hours',
        'type_id',
        'edu_type_id',
        'scheduled_at',
      ])
      .where('plan_id', '=', (eb) => eb.selectFrom('users').select('plan_id').where('id', '=', userId))
      .orderBy('type_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /**
   * Every test of the person's plan with the person's own standing in it, in one query: whether a
   * finished attempt passed, and the counts of the best finished attempt (null when none finished).
   * Unfinished attempts and other people's attempts do not count.
   */
  testsOf(userId: number) {
    return this.db
      .selectFrom('tests as t')
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .leftJoinLateral(
        (eb) => bestAttemptOf(userId, eb.ref('t.id')).select(['a.correct_count', 'a.question_count']).as('best'),
        (join) => join.onTrue(),
      )
      .select([
        't.id',
        't.topic_id',
        't.name',
        't.pass_marks',
        't.duration_minutes',
        'best.correct_count as best_correct',
        'best.question_count as best_questions',
      ])
      .select((eb) => eb.exists(passedAttemptsOf(userId, eb.ref('t.id')).select('a.id')).as('passed'))
      .where('tp.plan_id', '=', (eb) => eb.selectFrom('users').select('plan_id').where('id', '=', userId))
      .orderBy('t.topic_id')
      .orderBy('t.position', (ob) => ob.asc().nullsLast())
      .orderBy('t.id')
      .execute();
  }

  /** Topic types (9 production, 10 theoretical) in their order, with names in every language. */
  topicTypes() {
    return this.db
      .selectFrom('dictionary_items')
      .select(['id', 'name_ru', 'name_kk', 'name_en'])
      .where('kind', '=', 'topic_type')
      .orderBy('position')
      .execute();
  }
}

export type UserInfoRecord = NonNullable<Awaited<ReturnType<LearnerPlanRepository['userInfo']>>>;
export type PlanTopicRecord = Awaited<ReturnType<LearnerPlanRepository['topicsOf']>>[number];
export type PlanTestRecord = Awaited<ReturnType<LearnerPlanRepository['testsOf']>>[number];

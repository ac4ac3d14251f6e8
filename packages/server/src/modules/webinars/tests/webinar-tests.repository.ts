import type { WebinarStatus } from '@oqu/contracts';
import { type RawBuilder, sql } from 'kysely';
import { attemptExpired, latestFinishedOf, runningAttemptOf } from '../../../db/attempts.sql.js';
import type { Db, Executor } from '../../../db/database.js';
import { WEBINAR_TESTS_ORDER, webinarStatusSql } from '../webinars.repository.js';

/** The webinar tests of a topic: the room's list, its main test, and the webinars a test belongs to. */
export class WebinarTestsRepository {
  private readonly status: RawBuilder<WebinarStatus>;

  constructor(
    private readonly db: Db,
    graceMinutes: number,
  ) {
    this.status = webinarStatusSql(graceMinutes);
  }

  /**
   * The webinar tests of a topic in the webinar's order, with their live questions, opening and
   * deadline, and either the trainee's standing (running attempt, latest finished one) or, for staff,
   * the finished attempts on record.
   */
  tests(topicId: number, traineeId: number | null, executor: Executor = this.db) {
    return executor
      .selectFrom('tests as t')
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .leftJoinLateral(
        (eb) =>
          runningAttemptOf(traineeId ?? 0, eb.ref('t.id'))
            .select(['a.id', attemptExpired.as('expired')])
            .as('run'),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          latestFinishedOf(traineeId ?? 0, eb.ref('t.id'))
            .select(['a.correct_count', 'a.passed'])
            .as('fin'),
        (join) => join.onTrue(),
      )
      .select([
        't.id',
        't.name',
        'tp.name as topic_name',
        't.duration_minutes',
        't.position',
        't.opened_at',
        sql<Date | null>`t.opened_at + make_interval(mins => t.duration_minutes)`.as('deadline'),
        sql<boolean>`coalesce(t.opened_at + make_interval(mins => t.duration_minutes) > now(), false)`.as('open_now'),
        sql<number>`(select count(*)::int from questions q where q.test_id = t.id and q.archived_at is null)`.as('question_count'),
        sql<number>`(select count(*)::int from attempts a where a.test_id = t.id and a.finished_at is not null)`.as('finished_count'),
        'run.id as run_id',
        'run.expired as run_expired',
        'fin.correct_count as fin_correct',
        'fin.passed as fin_passed',
      ])
      .where('t.topic_id', '=', topicId)
      .where('t.is_webinar', '=', true)
      .orderBy(sql`t.position nulls last`)
      .orderBy('t.id')
      .execute();
  }

  /** The main test of a topic's webinars: its first webinar test in order; undefined when it has none. */
  async mainTest(topicId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('tests as t')
      .select('t.id')
      .where('t.topic_id', '=', topicId)
      .where('t.is_webinar', '=', true)
      .orderBy(WEBINAR_TESTS_ORDER)
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** The live webinars on the topic of a test, with their teacher and status (who may open it, and whom to tell). */
  webinarsOfTest(testId: number) {
    return this.db
      .selectFrom('webinars as w')
      .innerJoin('tests as t', 't.topic_id', 'w.topic_id')
      .select(['w.id', 'w.teacher_id', this.status.as('status')])
      .where('t.id', '=', testId)
      .where('w.archived_at', 'is', null)
      .orderBy('w.id')
      .execute();
  }
}

export type WebinarTestRecord = Awaited<ReturnType<WebinarTestsRepository['tests']>>[number];

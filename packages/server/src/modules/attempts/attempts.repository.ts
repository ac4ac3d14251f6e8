import type { AnswerLetter } from '@oqu/contracts';
import { sql } from 'kysely';
import { attemptExpired, attemptRemaining, latestFinishedOf, runningAttemptOf, unusedRetakesOf } from '../../db/attempts.sql.js';
import { type Db, jsonColumn, prepared } from '../../db/database.js';

const ATTEMPT_COLUMNS = [
  'a.id',
  'a.test_id',
  'a.started_at',
  'a.deadline_at',
  'a.finished_at',
  'a.question_count',
  sql<number>`(select count(*)::int from attempt_answers aa where aa.attempt_id = a.id)`.as('answered_count'),
  'a.correct_count',
  'a.pass_marks',
  'a.passed',
] as const;

export interface AttemptRecord {
  id: number;
  test_id: number;
  started_at: Date;
  deadline_at: Date;
  finished_at: Date | null;
  question_count: number;
  answered_count: number;
  correct_count: number;
  pass_marks: number;
  passed: boolean | null;
  remaining: number;
}

export interface AnswerRecord {
  question_id: number;
  answer: string;
}

export type AttemptWithAnswers = AttemptRecord & { expired: boolean; answers: AnswerRecord[] };

/** Why `attempts_record_answer` stored nothing (db/sql/attempts_record_answer.sql). */
export type AnswerRefusal = 'no_attempt' | 'not_running' | 'repeated' | 'answered' | 'time_over' | 'not_in_test' | 'no_variant';

/** Why `attempts_start` gave no attempt to work in (db/sql/attempts_start.sql); `expired` comes with the attempt. */
export type StartRefusal = 'not_in_plan' | 'expired' | 'retake_not_yet' | 'not_opened' | 'time_over' | 'empty';

/** What a start did: the attempt (started, resumed, or a finished one as it is), or why none; the test's questions version. */
export type StartOutcome = AttemptWithAnswers & {
  reason: StartRefusal | null;
  questions_version: number;
  question_order: number[] | null;
};

/**
 * What an answer did: stored, or refused for `reason`; with the figures of the attempt it went to (or
 * the person's current attempt when refused; none when they never started one).
 */
export type AnswerOutcome = AttemptRecord & { stored: boolean; reason: AnswerRefusal | null; expired: boolean };

export class AttemptsRepository {
  constructor(private readonly db: Db) {}

  /** Any test, for staff. */
  findTest(testId: number) {
    return this.db.selectFrom('tests').select(['id', 'is_webinar', 'duration_minutes']).where('id', '=', testId).executeTakeFirst();
  }

  /** The person's latest attempt of a test (the running one when there is one) with its answers, in one query. */
  async latestAttempt(userId: number, testId: number): Promise<AttemptWithAnswers | undefined> {
    const row = await this.db
      .selectFrom('attempts as a')
      .select(ATTEMPT_COLUMNS)
      .select([attemptRemaining.as('remaining'), attemptExpired.as('expired')])
      .select(
        sql<AnswerRecord[]>`coalesce((select json_agg(json_build_object('question_id', aa.question_id, 'answer', aa.answer)
          order by aa.answered_at, aa.question_id) from attempt_answers aa where aa.attempt_id = a.id), '[]'::json)`.as('answers'),
      )
      .where('a.user_id', '=', userId)
      .where('a.test_id', '=', testId)
      .orderBy(sql`a.finished_at is null`, 'desc')
      .orderBy('a.started_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { ...row, answers: jsonColumn(row.answers) } : undefined;
  }

  /** The person's latest finished attempt of a test. */
  latestFinished(userId: number, testId: number): Promise<AttemptRecord | undefined> {
    return this.db
      .selectFrom(latestFinishedOf(userId, testId).select(ATTEMPT_COLUMNS).select(attemptRemaining.as('remaining')).as('a'))
      .selectAll('a')
      .executeTakeFirst();
  }

  /**
   * Starts or resumes the person's attempt in one call of `attempts_start` (db/sql/attempts_start.sql):
   * the attempt, or why there is none, with the test's questions version.
   */
  async start(userId: number, testId: number): Promise<StartOutcome> {
    const result = await sql<StartOutcome>`${prepared('attempts_start')}select * from attempts_start(${userId}, ${testId})`.execute(
      this.db,
    );
    const [outcome] = result.rows;
    if (!outcome) throw new Error('attempts_start answered no row');
    return { ...outcome, answers: jsonColumn(outcome.answers) };
  }

  /**
   * Records an answer in one call of `attempts_record_answer` (db/sql/attempts_record_answer.sql):
   * stored only when the caller's attempt of the test runs and is before its deadline, the question
   * is a live one of the test and the letter has text; the answer that completes the attempt scores
   * it. When nothing was stored the same call tells why.
   */
  async recordAnswer(userId: number, testId: number, questionId: number, letter: AnswerLetter): Promise<AnswerOutcome> {
    const result =
      await sql<AnswerOutcome>`${prepared('attempts_record_answer')}select * from attempts_record_answer(${userId}, ${testId}, ${questionId}, ${letter})`.execute(
        this.db,
      );
    const [outcome] = result.rows;
    if (!outcome) throw new Error('attempts_record_answer answered no row');
    return outcome;
  }

  /**
   * Closes running attempts past their deadline (all of them, or one person's, or one person's test)
   * and scores each from its stored answers; unanswered questions count as wrong. The lock answers take
   * (`attempts_lock_key(user, test)`) is taken first, then the answers are counted in a statement of
   * its own, so an answer being recorded just before the deadline is either counted or refused.
   * `skipBusy` passes over attempts whose answer is being recorded (the next sweep takes them).
   * Answers the people whose attempts it closed (one entry per attempt).
   */
  closeExpired(scope: { userId?: number; testId?: number } = {}, skipBusy = false): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('attempts')
        .select(['id', sql<string>`attempts_lock_key(user_id, test_id)`.as('lock_key')])
        .where('finished_at', 'is', null)
        .where('deadline_at', '<=', sql<Date>`now()`)
        .orderBy('lock_key');
      if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
      if (scope.testId !== undefined) query = query.where('test_id', '=', scope.testId);
      const expired = await query.execute();
      if (expired.length === 0) return [];
      const keys = expired.map((r) => r.lock_key);
      let ids = expired.map((r) => r.id);
      if (skipBusy) {
        const free = await sql<{ key: string }>`
          select key::text from unnest(${keys}::bigint[]) as key where pg_try_advisory_xact_lock(key)`.execute(trx);
        const freeKeys = new Set(free.rows.map((r) => r.key));
        ids = expired.filter((r) => freeKeys.has(String(r.lock_key))).map((r) => r.id);
      } else {
        // in key order, as every closer takes them, so two closers never wait on each other in a ring
        await sql`select pg_advisory_xact_lock(key) from (select key from unnest(${keys}::bigint[]) as key order by key) ordered`.execute(
          trx,
        );
      }
      if (ids.length === 0) return [];
      const closed = await sql<{ user_id: number }>`
        update attempts a set
          finished_at = a.deadline_at,
          correct_count = s.correct,
          passed = s.correct * 100 > a.pass_marks * a.question_count
        from (
          select x.id, (count(aa.question_id) filter (where aa.is_correct))::int as correct
          from attempts x left join attempt_answers aa on aa.attempt_id = x.id
          where x.id = any(${ids}::int[])
          group by x.id
        ) s
        where a.id = s.id and a.finished_at is null
        returning a.user_id`.execute(trx);
      return closed.rows.map((row) => row.user_id);
    });
  }

  /** The test's live questions in order. */
  questions(testId: number) {
    return this.db
      .selectFrom('questions')
      .select(['id', 'text', 'image_key', 'variant_a', 'variant_b', 'variant_c', 'variant_d', 'variant_e', 'variant_f', 'correct_answer'])
      .where('test_id', '=', testId)
      .where('archived_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /**
   * The tests of the person's plan with the person's standing in each, in one query: the running
   * attempt, the latest finished one, and the earliest retake not used yet. Webinar tests are listed
   * once opened (or when asked for by id). Ordered by topic type, topic position, then test.
   */
  planTests(userId: number, testId?: number) {
    let query = this.db
      .selectFrom('tests as t')
      .innerJoin('users as u', (join) => join.onRef('u.plan_id', '=', 't.plan_id').on('u.id', '=', userId))
      .innerJoin('topics as tp', 'tp.id', 't.topic_id')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .leftJoinLateral(
        (eb) =>
          runningAttemptOf(userId, eb.ref('t.id'))
            .select(['a.id', 'a.started_at', 'a.deadline_at', 'a.question_count'])
            .select([attemptRemaining.as('remaining'), attemptExpired.as('expired')])
            .as('run'),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          latestFinishedOf(userId, eb.ref('t.id'))
            .select(['a.id', 'a.started_at', 'a.finished_at', 'a.question_count', 'a.correct_count', 'a.pass_marks', 'a.passed'])
            .as('fin'),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) => unusedRetakesOf(userId, eb.ref('t.id')).select(['r.id', 'r.available_from']).limit(1).as('rt'),
        (join) => join.onTrue(),
      )
      .select([
        't.id',
        't.name',
        't.description',
        't.duration_minutes',
        't.pass_marks',
        't.is_webinar',
        't.opened_at',
        't.topic_id',
        'tp.name as topic_name',
        'tp.position as topic_position',
        'p.name as plan_name',
        'run.id as run_id',
        'run.started_at as run_started_at',
        'run.deadline_at as run_deadline_at',
        'run.question_count as run_question_count',
        'run.remaining as run_remaining',
        'run.expired as run_expired',
        'fin.id as fin_id',
        'fin.started_at as fin_started_at',
        'fin.finished_at as fin_finished_at',
        'fin.question_count as fin_question_count',
        'fin.correct_count as fin_correct_count',
        'fin.pass_marks as fin_pass_marks',
        'fin.passed as fin_passed',
        'rt.id as retake_id',
        'rt.available_from as retake_from',
      ])
      .select((eb) =>
        eb
          .selectFrom('questions as q')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('q.test_id', '=', 't.id')
          .where('q.archived_at', 'is', null)
          .as('live_questions'),
      )
      .select(sql<Date>`now()`.as('now'));
    if (testId === undefined) query = query.where((eb) => eb.or([eb('t.is_webinar', '=', false), eb('t.opened_at', 'is not', null)]));
    else query = query.where('t.id', '=', testId);
    return query
      .orderBy('tp.type_id')
      .orderBy('tp.position')
      .orderBy('tp.id')
      .orderBy('t.position', (ob) => ob.asc().nullsLast())
      .orderBy('t.id')
      .execute();
  }

  /**
   * Opens a webinar's test for everyone; opening it again while its time runs keeps the first opening
   * (a double click changes nothing), after its time it opens anew.
   */
  openWebinarTest(testId: number) {
    return this.db
      .updateTable('tests')
      .set({
        opened_at: sql`case when opened_at is not null and opened_at + make_interval(mins => duration_minutes) > now() then opened_at else now() end`,
      })
      .where('id', '=', testId)
      .where('is_webinar', '=', true)
      .returning(['id', 'opened_at', sql<Date>`opened_at + make_interval(mins => duration_minutes)`.as('closes_at')])
      .executeTakeFirst();
  }

  /**
   * Opens a webinar test that was never opened and has questions (its webinar ended without it);
   * undefined when it had been opened before or has none: nothing changes then.
   */
  openNeverOpened(testId: number) {
    return this.db
      .updateTable('tests')
      .set({ opened_at: sql`now()` })
      .where('id', '=', testId)
      .where('is_webinar', '=', true)
      .where('opened_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('questions as q').select('q.id').whereRef('q.test_id', '=', 'tests.id').where('q.archived_at', 'is', null)),
      )
      .returning(['id', 'opened_at', sql<Date>`opened_at + make_interval(mins => duration_minutes)`.as('closes_at')])
      .executeTakeFirst();
  }
}

export type PlanTestRecord = Awaited<ReturnType<AttemptsRepository['planTests']>>[number];
export type QuestionRow = Awaited<ReturnType<AttemptsRepository['questions']>>[number];

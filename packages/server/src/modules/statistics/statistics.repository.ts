import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProgressWindow } from '../../db/progress.sql.js';
import { isTrainee, liveTrainee } from '../../db/trainees.sql.js';

/**
 * What the statistics and the reports read. The counts follow the progress rules of
 * `db/progress.sql.ts` (the visit log's), worked out in one pass per table (`planProgress`) rather
 * than probed test by test for each trainee. The population is
 * the live trainees following a plan (optionally one plan); the window restricts what counts:
 * attempts finished, exams completed and certificates issued within it. Each figure counts people:
 * - course: passed every test of their plan, of the trainees;
 * - test turnout: finished at least one test of their plan (passed or not), of the trainees;
 * - certification: took part in a completed exam of their plan (as its frozen record names them,
 *   so people added to the plan afterwards are not in it), and of those, hold a valid certificate
 *   from such an exam.
 */

/** The window as instants (attempts, exams) and as the days it spans (certificates' issue dates). */
export interface StatisticsWindow extends ProgressWindow {
  fromDay?: string;
  /** inclusive */
  toDay?: string;
}

export interface Population {
  planId?: number;
}

export interface DepartmentRow {
  name: string;
  course_total: number;
  course_passed: number;
  test_total: number;
  test_passed: number;
  certificate_total: number;
  certificate_passed: number;
}

export interface TraineeRow {
  id: number;
  full_name: string;
  iin: string;
  tabel: string | null;
  department: string;
  duty: string;
  plan: string;
  tests_total: number;
  tests_passed: number;
  /** counted in the test turnout */
  tests_taken: boolean;
  /** counted as having passed the course */
  course_passed: boolean;
  /** the latest completed exam of the plan they took part in (counted in the certification's total) */
  exam_id: number | null;
  verdict: 'accepted' | 'rejected' | null;
  /** the valid certificate from such an exam (counted as certified) */
  certificate: string | null;
}

export interface WebinarRow {
  id: number;
  name: string;
  plan: string;
  teacher: string;
  begins: string;
  begin_time: Date;
  duration_minutes: number;
  present: number;
  total: number;
  minutes: number;
}

/** A report asked for: by whom, from which session (its token's hash), of which kind and filters. */
export interface ReportRequest {
  createdBy: number;
  kind: 'admin' | 'teacher';
  requestKey: string;
  sessionHash: string;
}

/** A trainee's key in the admin report's order: department (the nameless one last, as in the statistics), name, id. */
export type TraineeKey = readonly [department: string, fullName: string, id: number];
/** A webinar's key in the teacher report's order: start, id. */
export type WebinarKey = readonly [beginTime: Date, id: number];

const inWindow = (column: RawBuilder<unknown>, window: ProgressWindow) =>
  sql.join(
    [sql`true`, ...(window.from ? [sql`${column} >= ${window.from}`] : []), ...(window.to ? [sql`${column} < ${window.to}`] : [])],
    sql` and `,
  );

/**
 * The completed exams of trainee `u`'s plan they took part in (completed within the window), as rows
 * `ep` (participant), `r` (record): read from the frozen record, never from who follows the plan now.
 */
const examsTaken = (window: ProgressWindow) => sql`exam_participants ep
  join exam_records r on r.exam_id = ep.exam_id
  join exams e on e.id = ep.exam_id
  where ep.user_id = u.id and e.plan_id = u.plan_id and ${inWindow(sql.ref('r.completed_at'), window)}`;

/** Certificate `c` is valid and issued within the window's days. */
const certificateValid = (window: StatisticsWindow) =>
  sql`c.revoked_at is null
    ${window.fromDay ? sql`and c.issued_on >= ${window.fromDay}::date` : sql``}
    ${window.toDay ? sql`and c.issued_on <= ${window.toDay}::date` : sql``}`;

/** Certificate `c` is trainee `u`'s, valid, issued within the window's days, from an exam of `examsTaken`. */
const certificateCounted = (window: StatisticsWindow) =>
  sql`c.user_id = u.id and ${certificateValid(window)}
    and exists (select 1 from ${examsTaken(window)} and ep.exam_id = c.exam_id)`;

/**
 * Per person and plan, within the window: how many tests of the plan they passed (a test is passed
 * when a finished attempt at it passed); a row means they finished at least one test of the plan.
 * `whose` narrows the attempts read (a page of trainees). A plan is passed when that number is its
 * tests' (`planTests`). The attempts are grouped in the order of the index attempts_finished, which
 * holds these columns: with the statistics of migration statistics_speed the planner reads it once,
 * in order, rather than hashing every attempt.
 */
const planProgress = (window: ProgressWindow, whose: RawBuilder<unknown> = sql``) => sql`(
  select d.user_id, t.plan_id, count(*) filter (where d.passed) as passed
  from (
    select user_id, test_id, bool_or(passed) as passed from attempts
    where finished_at is not null and ${inWindow(sql.ref('finished_at'), window)} ${whose}
    group by user_id, test_id
    order by user_id, test_id
  ) d join tests t on t.id = d.test_id
  group by d.user_id, t.plan_id)`;

/** Per plan, how many tests it has. */
const planTests = sql`(select plan_id, count(*) as tests from tests group by plan_id)`;

/** Trainee `u` is counted: a live trainee following a plan (the filter's plan, when given). */
const population = ({ planId }: Population) =>
  sql`${liveTrainee('u')} and u.plan_id is not null
    ${planId === undefined ? sql`` : sql`and u.plan_id = ${planId}`}`;

export class StatisticsRepository {
  constructor(private readonly db: Db) {}

  /** The instants the days `from` and `to` (inclusive) of the organisation's time zone begin and end. */
  async dayBounds(from: string | undefined, to: string | undefined, timeZone: string): Promise<ProgressWindow> {
    const { rows } = await sql<{ from: Date | null; to: Date | null }>`select
      (${from ?? null}::date)::timestamp at time zone ${timeZone} as "from",
      (${to ?? null}::date + 1)::timestamp at time zone ${timeZone} as "to"`.execute(this.db);
    const bounds = rows[0];
    return { ...(bounds?.from && { from: new Date(bounds.from) }), ...(bounds?.to && { to: new Date(bounds.to) }) };
  }

  /**
   * The three figures per department (see the top of this file). Departments by name, the one without a
   * name ('') last. One pass over each table, joined rather than probed per trainee.
   */
  async departments(filter: Population, window: StatisticsWindow): Promise<DepartmentRow[]> {
    const { rows } = await sql<DepartmentRow>`
      with examined as (
        select ep.user_id, e.plan_id, bool_or(c.id is not null) as certified
        from exam_participants ep
        join exam_records r on r.exam_id = ep.exam_id
        join exams e on e.id = ep.exam_id
        left join issued_certificates c on c.exam_id = ep.exam_id and c.user_id = ep.user_id and ${certificateValid(window)}
        where ${inWindow(sql.ref('r.completed_at'), window)}
        group by ep.user_id, e.plan_id
      )
      select btrim(u.department) as name,
        count(*)::int as course_total,
        (count(*) filter (where p.passed = pt.tests))::int as course_passed,
        count(*)::int as test_total,
        (count(*) filter (where p.user_id is not null))::int as test_passed,
        (count(*) filter (where x.user_id is not null))::int as certificate_total,
        (count(*) filter (where x.certified))::int as certificate_passed
      from users u
      left join ${planTests} pt on pt.plan_id = u.plan_id
      left join ${planProgress(window)} p on p.user_id = u.id and p.plan_id = u.plan_id
      left join examined x on x.user_id = u.id and x.plan_id = u.plan_id
      where ${population(filter)}
      group by btrim(u.department)
      order by btrim(u.department) = '', btrim(u.department)`.execute(this.db);
    return rows;
  }

  /**
   * A mark of the results the figures count, read from the database by every process, so that it
   * changes for all of them when any records a result:
   * - an attempt finishes: it leaves the running ones (the partial index attempts_one_running counts
   *   them at little cost); a start enters them and takes a new id, so a start and a finish together
   *   still move the mark (attempts are never deleted);
   * - an exam is completed: its frozen record is added (records are never deleted);
   * - a certificate is issued or revoked (certificates are never deleted).
   * Each part reads an index or a small table, not the attempts.
   */
  async resultsVersion(): Promise<string> {
    const { rows } = await sql<{ version: string }>`select concat_ws(':',
      (select max(id) from attempts), (select count(*) from attempts where finished_at is null),
      (select count(*) from exam_records),
      (select concat(count(*), '-', count(revoked_at)) from issued_certificates)) as version`.execute(this.db);
    return rows[0]?.version ?? '';
  }

  /**
   * A page of the admin report's trainees after `after`: their tests, whether each figure counts them,
   * the latest completed exam of their plan they took part in (its frozen verdict) and the valid
   * certificate from such an exam. Summed over the trainees, these give the figures of `departments`.
   */
  async trainees(filter: Population, window: StatisticsWindow, after: TraineeKey | null, limit: number): Promise<TraineeRow[]> {
    // the page is cut from the trainees first, so only its people's attempts are read: their ids as
    // an array, which the planner looks up in attempts_finished (an `in (select …)` it would hash
    // against every attempt)
    const { rows } = await sql<TraineeRow>`
      with page as (
        select u.id, u.full_name, u.iin, u.tabel, btrim(u.department) as department, u.duty, u.plan_id
        from users u
        where ${population(filter)}
          ${after ? sql`and (btrim(u.department) = '', btrim(u.department), u.full_name, u.id) > (${after[0] === ''}, ${after[0]}, ${after[1]}, ${after[2]})` : sql``}
        order by btrim(u.department) = '', btrim(u.department), u.full_name, u.id
        limit ${limit}
      )
      select u.id, u.full_name, u.iin, u.tabel, u.department, u.duty, p.name as plan,
        coalesce(pt.tests, 0)::int as tests_total, coalesce(pp.passed, 0)::int as tests_passed,
        pp.user_id is not null as tests_taken, coalesce(pp.passed = pt.tests, false) as course_passed,
        le.exam_id, le.verdict,
        (select c.number from issued_certificates c where ${certificateCounted(window)}
          order by c.issued_on desc, c.id desc limit 1) as certificate
      from page u
      join plans p on p.id = u.plan_id
      left join ${planTests} pt on pt.plan_id = u.plan_id
      left join ${planProgress(window, sql`and user_id = any (array(select id from page))`)} pp on pp.user_id = u.id and pp.plan_id = u.plan_id
      left join lateral (
        select ep.exam_id, ep.verdict from ${examsTaken(window)} order by r.completed_at desc, ep.exam_id desc limit 1
      ) le on true
      order by u.department = '', u.department, u.full_name, u.id`.execute(this.db);
    return rows;
  }

  /**
   * A page of the teacher report's webinars (not archived, begun within the window) after `after`.
   * Present: the trainees the attendance records show joined. Total: the webinar's audience — the
   * trainees who followed its plan at some moment of the webinar's time (`plan_memberships`), and
   * anyone present — so trainees added to the plan after a webinar do not change its figures; for a
   * webinar still to come that is the plan's trainees now. Minutes: the trainees' time in the room,
   * each connection counted only within the webinar's time (from its start, or its begin time if
   * earlier, to its end, or its scheduled end).
   */
  async webinars(window: ProgressWindow, timeZone: string, after: WebinarKey | null, limit: number): Promise<WebinarRow[]> {
    const { rows } = await sql<WebinarRow>`
      select w.id, w.name, pl.name as plan, teacher.full_name as teacher,
        to_char(w.begin_time at time zone ${timeZone}, 'DD.MM.YYYY HH24:MI') as begins, w.begin_time, w.duration_minutes,
        (select count(*) from webinar_attendance a join users u on u.id = a.user_id
          where a.webinar_id = w.id and ${isTrainee('u')})::int as present,
        (select count(*) from (
          select m.user_id from plan_memberships m
          where m.plan_id = w.plan_id and m.since < span.end_at and (m.until is null or m.until > span.start_at)
          union
          select a.user_id from webinar_attendance a join users u on u.id = a.user_id
          where a.webinar_id = w.id and ${isTrainee('u')}) audience)::int as total,
        (select coalesce(round(sum(greatest(0, extract(epoch from
            least(coalesce(p.closed_at, p.seen_at), span.end_at) - greatest(p.opened_at, span.start_at)))) / 60), 0)
          from webinar_presence p join users u on u.id = p.user_id
          where p.webinar_id = w.id and ${isTrainee('u')})::int as minutes
      from webinars w
      join plans pl on pl.id = w.plan_id
      join users teacher on teacher.id = w.teacher_id
      cross join lateral (select least(w.begin_time, coalesce(w.started_at, w.begin_time)) as start_at,
        coalesce(w.ended_at, w.begin_time + make_interval(mins => w.duration_minutes)) as end_at) span
      where w.archived_at is null and ${inWindow(sql.ref('w.begin_time'), window)}
        ${after ? sql`and (w.begin_time, w.id) > (${after[0]}, ${after[1]})` : sql``}
      order by w.begin_time, w.id
      limit ${limit}`.execute(this.db);
    return rows;
  }

  async planName(id: number): Promise<string | undefined> {
    return (await this.db.selectFrom('plans').select('name').where('id', '=', id).executeTakeFirst())?.name;
  }

  /** The person's latest live file for the same request from the same session, made since `since` or still in the making. */
  async findRecentFile(file: ReportRequest, since: Date) {
    const row = await this.db
      .selectFrom('report_files')
      .select(['token', 'ready_at'])
      .where('created_by', '=', file.createdBy)
      .where('kind', '=', file.kind)
      .where('request_key', '=', file.requestKey)
      .where('session_hash', '=', file.sessionHash)
      .where('expires_at', '>', sql<Date>`now()`)
      .where((eb) => eb.or([eb('ready_at', 'is', null), eb('created_at', '>=', since)]))
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row && { token: row.token, ready: row.ready_at !== null };
  }

  /**
   * Records a file as in the making; false when the person already has one in the making (the
   * unique index). Their expired one (a process that died while making it) is forgotten first.
   */
  async startFile(file: ReportRequest & { token: string; storageKey: string; expiresAt: Date }): Promise<boolean> {
    await this.db
      .deleteFrom('report_files')
      .where('created_by', '=', file.createdBy)
      .where('ready_at', 'is', null)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    const inserted = await this.db
      .insertInto('report_files')
      .values({
        token: file.token,
        kind: file.kind,
        storage_key: file.storageKey,
        created_by: file.createdBy,
        expires_at: file.expiresAt,
        session_hash: file.sessionHash,
        request_key: file.requestKey,
        ready_at: null,
      })
      .onConflict((oc) => oc.column('created_by').where('ready_at', 'is', null).doNothing())
      .returning('token')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async markReady(token: string) {
    await this.db.updateTable('report_files').set({ ready_at: sql<Date>`now()` }).where('token', '=', token).execute();
  }

  async dropFile(token: string) {
    await this.db.deleteFrom('report_files').where('token', '=', token).execute();
  }

  /** A made report file whose address still answers: not expired, and the session that asked for it alive, its person neither blocked nor archived. */
  findLiveFile(token: string) {
    return this.db
      .selectFrom('report_files as f')
      .innerJoin('sessions as s', 's.token_hash', 'f.session_hash')
      .innerJoin('users as u', 'u.id', 'f.created_by')
      .select(['f.storage_key', 'f.kind', 'f.created_at'])
      .where('f.token', '=', token)
      .where('f.ready_at', 'is not', null)
      .where('f.expires_at', '>', sql<Date>`now()`)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .whereRef('s.user_id', '=', 'f.created_by')
      .where('u.is_blocked', '=', false)
      .where('u.archived_at', 'is', null)
      .executeTakeFirst();
  }

  /** Forgets the expired report files; answers their storage keys, for the files to be deleted. */
  async deleteExpired(): Promise<string[]> {
    const rows = await this.db.deleteFrom('report_files').where('expires_at', '<=', sql<Date>`now()`).returning('storage_key').execute();
    return rows.map((r) => r.storage_key);
  }
}

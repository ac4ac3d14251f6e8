import { Role } from '@oqu/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Db, jsonColumn } from '../../db/database.js';
import { type ProgressWindow, planPassed, testPassed, testTaken } from '../attempts/progress.sql.js';
import type { VoteJson } from '../exams/exams.repository.js';

/**
 * What the statistics and the reports read. Every count goes through the progress rules
 * (`modules/attempts/progress.sql.ts`), so the visit log and these figures agree. The population is
 * the live trainees following a plan (optionally one plan); the window restricts what counts as
 * passed: attempts finished, exams completed and certificates issued within it.
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
  exam_id: number | null;
  examiners: number[];
  signed_by: number[];
  votes: VoteJson[];
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

/** A trainee's key in the admin report's order: department (the nameless one last, as in the statistics), name, id. */
export type TraineeKey = readonly [department: string, fullName: string, id: number];
/** A webinar's key in the teacher report's order: start, id. */
export type WebinarKey = readonly [beginTime: Date, id: number];

const inWindow = (column: RawBuilder<unknown>, window: ProgressWindow) =>
  sql.join(
    [sql`true`, ...(window.from ? [sql`${column} >= ${window.from}`] : []), ...(window.to ? [sql`${column} < ${window.to}`] : [])],
    sql` and `,
  );

/** When exam `e` was completed: an examiner ended it, else its scheduled end. */
const examEnd = sql`coalesce(e.ended_at, e.begin_time + make_interval(mins => e.duration_minutes))`;

/** Exam `e` of trainee `u`'s plan is completed (within the window). */
const completedExamOfPlan = (window: ProgressWindow) => sql`e.plan_id = u.plan_id and ${examEnd} <= now() and ${inWindow(examEnd, window)}`;

/** Valid certificates of trainee `u` for their plan, issued within the window's days. */
const validCertificates = (window: StatisticsWindow) =>
  sql`c.user_id = u.id and c.plan_id = u.plan_id and c.revoked_at is null
    ${window.fromDay ? sql`and c.issued_on >= ${window.fromDay}::date` : sql``}
    ${window.toDay ? sql`and c.issued_on <= ${window.toDay}::date` : sql``}`;

/** Trainee `u` is counted: a live trainee following a plan (the filter's plan, when given). */
const population = ({ planId }: Population) =>
  sql`u.role_id = ${Role.Trainee} and u.archived_at is null and u.plan_id is not null
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
   * The three figures per department: course (plan passed), test turnout ((trainee, test) pairs
   * taken) and certification (a completed exam of the plan; a valid certificate). Departments by
   * name, the one without a name ('') last. Two set-based passes over the trainees, run at once on
   * two connections: each probes every trainee's attempts, and together they would take twice as long.
   */
  async departments(filter: Population, window: StatisticsWindow): Promise<DepartmentRow[]> {
    const completed = sql`exists (select 1 from exams e where ${completedExamOfPlan(window)})`;
    const certified = sql`exists (select 1 from issued_certificates c where ${validCertificates(window)})`;
    const [courses, tests] = await Promise.all([
      sql<Omit<DepartmentRow, 'test_total' | 'test_passed'>>`
        select btrim(u.department) as name,
          count(*)::int as course_total,
          (count(*) filter (where ${planPassed(sql.ref('u.id'), sql.ref('u.plan_id'), window)}))::int as course_passed,
          (count(*) filter (where ${completed}))::int as certificate_total,
          (count(*) filter (where ${completed} and ${certified}))::int as certificate_passed
        from users u
        where ${population(filter)}
        group by btrim(u.department)
        order by btrim(u.department) = '', btrim(u.department)`.execute(this.db),
      sql<{ name: string; test_total: number; test_passed: number }>`
        select btrim(u.department) as name, coalesce(sum(pt.total), 0)::int as test_total, coalesce(sum(pt.taken), 0)::int as test_passed
        from users u
        cross join lateral (
          select count(*) as total, count(*) filter (where ${testTaken(sql.ref('u.id'), sql.ref('t.id'), window)}) as taken
          from tests t where t.plan_id = u.plan_id
        ) pt
        where ${population(filter)}
        group by btrim(u.department)`.execute(this.db),
    ]);
    const testsOf = new Map(tests.rows.map((row) => [row.name, row]));
    return courses.rows.map((row) => ({
      ...row,
      test_total: testsOf.get(row.name)?.test_total ?? 0,
      test_passed: testsOf.get(row.name)?.test_passed ?? 0,
    }));
  }

  /** A page of the admin report's trainees after `after`, each with their tests, latest completed exam and certificate. */
  async trainees(filter: Population, window: StatisticsWindow, after: TraineeKey | null, limit: number): Promise<TraineeRow[]> {
    // the page is cut from the trainees first, so the per-trainee subqueries run for its rows only
    const { rows } = await sql<TraineeRow>`
      select u.id, u.full_name, u.iin, u.tabel, u.department, u.duty, p.name as plan,
        pt.total::int as tests_total, pt.passed::int as tests_passed,
        le.id as exam_id,
        coalesce((select json_agg(x.examiner_id) from exam_examiners x where x.exam_id = le.id), '[]'::json) as examiners,
        coalesce((select json_agg(s.examiner_id) from exam_signatures s where s.exam_id = le.id), '[]'::json) as signed_by,
        coalesce((select json_agg(json_build_object('e', v.examiner_id, 'a', v.accepted)) from exam_votes v
          where v.exam_id = le.id and v.user_id = u.id), '[]'::json) as votes,
        (select c.number from issued_certificates c where ${validCertificates(window)} order by c.issued_on desc, c.id desc limit 1) as certificate
      from (
        select u.id, u.full_name, u.iin, u.tabel, btrim(u.department) as department, u.duty, u.plan_id
        from users u
        where ${population(filter)}
          ${after ? sql`and (btrim(u.department) = '', btrim(u.department), u.full_name, u.id) > (${after[0] === ''}, ${after[0]}, ${after[1]}, ${after[2]})` : sql``}
        order by btrim(u.department) = '', btrim(u.department), u.full_name, u.id
        limit ${limit}
      ) u
      join plans p on p.id = u.plan_id
      cross join lateral (
        select count(*) as total, count(*) filter (where ${testPassed(sql.ref('u.id'), sql.ref('t.id'), window)}) as passed
        from tests t where t.plan_id = u.plan_id
      ) pt
      left join lateral (
        select e.id from exams e where ${completedExamOfPlan(window)} order by ${examEnd} desc, e.id desc limit 1
      ) le on true
      order by u.department = '', u.department, u.full_name, u.id`.execute(this.db);
    return rows.map((row) => ({
      ...row,
      examiners: jsonColumn(row.examiners),
      signed_by: jsonColumn(row.signed_by),
      votes: jsonColumn(row.votes),
    }));
  }

  /**
   * A page of the teacher report's webinars (not archived, begun within the window) after `after`:
   * the trainees of the plan, those who joined, and the minutes they were in the room, each
   * connection counted only within the webinar's time (from its start, or its begin time if earlier,
   * to its end, or its scheduled end).
   */
  async webinars(window: ProgressWindow, timeZone: string, after: WebinarKey | null, limit: number): Promise<WebinarRow[]> {
    const { rows } = await sql<WebinarRow>`
      select w.id, w.name, pl.name as plan, teacher.full_name as teacher,
        to_char(w.begin_time at time zone ${timeZone}, 'DD.MM.YYYY HH24:MI') as begins, w.begin_time, w.duration_minutes,
        (select count(*) from webinar_attendance a join users u on u.id = a.user_id
          where a.webinar_id = w.id and u.role_id = ${Role.Trainee})::int as present,
        (select count(*) from users u where u.plan_id = w.plan_id and u.role_id = ${Role.Trainee} and u.archived_at is null)::int as total,
        (select coalesce(round(sum(greatest(0, extract(epoch from
            least(coalesce(p.closed_at, p.seen_at), span.end_at) - greatest(p.opened_at, span.start_at)))) / 60), 0)
          from webinar_presence p join users u on u.id = p.user_id
          where p.webinar_id = w.id and u.role_id = ${Role.Trainee})::int as minutes
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

  async insertFile(file: { token: string; kind: 'admin' | 'teacher'; storageKey: string; createdBy: number; expiresAt: Date }) {
    await this.db
      .insertInto('report_files')
      .values({
        token: file.token,
        kind: file.kind,
        storage_key: file.storageKey,
        created_by: file.createdBy,
        expires_at: file.expiresAt,
      })
      .execute();
  }

  /** A report file whose address still answers. */
  findLiveFile(token: string) {
    return this.db
      .selectFrom('report_files')
      .select(['storage_key', 'kind', 'created_at'])
      .where('token', '=', token)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  /** Forgets the expired report files; answers their storage keys, for the files to be deleted. */
  async deleteExpired(): Promise<string[]> {
    const rows = await this.db.deleteFrom('report_files').where('expires_at', '<=', sql<Date>`now()`).returning('storage_key').execute();
    return rows.map((r) => r.storage_key);
  }
}

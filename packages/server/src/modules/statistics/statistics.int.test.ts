import { Role } from '@oqu/contracts';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../config.js';
import type { Db } from '../../db/database.js';
import { dayIn } from '../../lib/calendar.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { FAILED, IN_PERSON, insertAttempt, RUNNING, THEORY } from '../../test/catalogue.js';
import { insertExam, insertSignature } from '../../test/exams.js';
import { nextIin } from '../../test/factories.js';
import { expectRefused, NOT_ADMIN } from '../../test/http.js';
import { insertPerson, insertWebinar } from '../../test/rooms.js';
import { hashToken } from '../auth/auth.service.js';
import { displayMoment } from './statistics.presenter.js';

/**
 * The statistics and the reports, on a world built through the API (people, plans, topics, tests,
 * exams) with attempts, votes and webinar presence as the engine records them, and every figure
 * worked out by hand below. Certificates are written straight into `issued_certificates` (their
 * issuing is another module's), as `certificate` does.
 *
 * Every figure counts people: the course those who passed every test of their plan, the turnout
 * those who finished at least one, certification those of a completed exam's participants (its frozen
 * record, written here as the exams module writes it at completion) holding a valid certificate from it.
 *
 * Plan A: topic 1 (tests a1, a2), topic 2 (test a3), topic 3 without tests; an exam completed two hours
 * ago with p1 (accepted), p2 (rejected) and p3 (no verdict yet) as its participants.
 * Plan B: one test b1; an exam tomorrow (not completed).
 *   p1 A «Цех 1»  passed a1 a2 a3 today                      certificate today
 *   p2 A «Цех 1»  passed a1, failed a2 today                  certificate revoked
 *   p3 A «Цех 2»  passed a1 a2 today, a3 ten days ago         certificate twenty days ago
 *   p4 B «Склад»  an attempt at b1 still running
 *   p5 B (none)   passed b1 today                             certificate (its exam not completed: not counted)
 *   p6 no plan «Цех 1», passed a1: counted nowhere; the demo trainees are archived: counted nowhere.
 */

const DAY = 86_400_000;
const STAFF_NOT_ADMIN = NOT_ADMIN.filter((role) => role !== Role.Trainee);
const todayIn = (timeZone: string) => dayIn(new Date(), timeZone);
const status = (Passed: number, Total: number) => ({ Passed, Total });
const departments = (...rows: [string, number, number][]) => rows.map(([Name, Passed, Total]) => ({ Name, Status: status(Passed, Total) }));

/**
 * Freezes a completed exam's record as the exams module does at completion: the plan's live trainees
 * then, each with their result as of the exam's end, and the verdicts the signed document fixed.
 */
async function freezeExam(db: Db, examId: number, verdicts: Record<number, 'accepted' | 'rejected'>) {
  await sql`insert into exam_records (exam_id, completed_at, pass_marks, test_count)
    select e.id, e.begin_time + make_interval(mins => e.duration_minutes), e.pass_marks,
      (select count(*)::int from tests t where t.plan_id = e.plan_id)
    from exams e where e.id = ${examId}
    on conflict do nothing`.execute(db);
  await sql`insert into exam_participants (exam_id, user_id, region_id, full_name, department, duty, iin, tabel, passed, total)
    select r.exam_id, u.id, u.region_id, u.full_name, u.department, u.duty, u.iin, u.tabel,
      (select count(*)::int from tests t where t.plan_id = e.plan_id and exists (select 1 from attempts a
        where a.test_id = t.id and a.user_id = u.id and a.passed and a.finished_at <= r.completed_at)),
      r.test_count
    from exam_records r join exams e on e.id = r.exam_id
    join users u on u.plan_id = e.plan_id and u.role_id = ${Role.Trainee} and u.archived_at is null
    where r.exam_id = ${examId}
    on conflict do nothing`.execute(db);
  for (const [userId, verdict] of Object.entries(verdicts)) {
    await db
      .updateTable('exam_participants')
      .set({ verdict })
      .where('exam_id', '=', examId)
      .where('user_id', '=', Number(userId))
      .execute();
  }
}

/** The rows of a sheet's table (from its header row on), each as wide as the header (empty cells as ''). */
function tableOf(sheet: ExcelJS.Worksheet | undefined, header: string) {
  const rows: unknown[][] = [];
  let width = 0;
  sheet?.eachRow((row) => {
    if (width === 0 && row.getCell(1).value !== header) return;
    width ||= row.cellCount;
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? ''));
  });
  return rows;
}

type Figures = {
  TotalCourse: { Passed: number; Total: number };
  TotalTest: { Passed: number; Total: number };
  TotalCertificate: { Passed: number; Total: number };
};

/** What the trainees sheet adds up to: its rows, «Да» in the course and turnout columns, verdicts and certificate numbers. */
function sumsOf(trainees: unknown[][]): Figures {
  const rows = trainees.slice(1);
  const count = (column: number, value?: string) =>
    rows.filter((r) => (value === undefined ? r[column] !== '' : r[column] === value)).length;
  return {
    TotalCourse: status(count(9, 'Да'), rows.length),
    TotalTest: status(count(8, 'Да'), rows.length),
    TotalCertificate: status(count(11), count(10)),
  };
}

describe('statistics and reports (statistics module)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let planA: number;
  let planB: number;
  let examA: number;
  const people: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6', { id: number; iin: string; name: string }> = {} as never;
  let certificateSeq = 0;
  let [a1, a2, a3, b1] = [0, 0, 0, 0];

  const call = async (url: string, headers = admin) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const created = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return (body.data?.ID ?? body.user?.ID) as number;
  };
  const person = async (name: string, department: string, planId: number | null) => {
    const iin = nextIin();
    const id = await created('/api/user/new', {
      IIN: iin,
      Password: 'Stat2026!',
      Fullname: name,
      Department: department,
      Duty: 'Оператор',
      Tabel: `T${iin.slice(-4)}`,
      PlanID: planId,
    });
    return { id, iin, name };
  };
  /** A certificate as the certificates module issues it. */
  const certificate = async (userId: number, examId: number, planId: number, issuedOn: string, revoked = false) => {
    certificateSeq += 1;
    await t.db
      .insertInto('issued_certificates')
      .values({
        number: `OQU-2026-${String(certificateSeq).padStart(6, '0')}`,
        code: `CODE${certificateSeq}`,
        user_id: userId,
        exam_id: examId,
        plan_id: planId,
        holder_name: 'Держатель',
        holder_iin: '000000000000',
        plan_name: 'План',
        exam_type: 'Периодическая',
        issued_on: issuedOn,
        pdf_key: `certificates/issued${certificateSeq}.pdf`,
        revoked_at: revoked ? new Date() : null,
      })
      .execute();
  };
  const workbookOf = async (url: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await call(url, {})).rawPayload as unknown as ArrayBuffer);
    return workbook;
  };
  const adminReport = async (query = '') => workbookOf((await call(`/api/report/admin${query}`)).json().data);
  /** The webinars report of the days around the report's webinar (two hours ago). */
  const teacherReport = async () => {
    const day = dayIn(new Date(Date.now() - 2 * 3_600_000), t.config.ORG_TIMEZONE);
    return workbookOf((await call(`/api/report/teacher?from=${day}&to=${day}`)).json().data);
  };
  const webinarRow = async () =>
    tableOf((await teacherReport()).getWorksheet('Вебинары'), 'Вебинар').find((r) => r[0] === 'Вебинар для отчёта');
  /** Reports made so far are no longer "just made": the next request makes a fresh file. */
  const forgetRecentReports = () =>
    t.db
      .updateTable('report_files')
      .set({ created_at: new Date(Date.now() - 10 * 60_000) })
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await t.tokenOf(Role.Admin));
    // the demo's trainees would be counted too: archived people are not
    await t.db.updateTable('users').set({ archived_at: new Date() }).where('role_id', '=', Role.Trainee).execute();
    planA = await created('/api/subject/newplan', { Name: 'Статистика А' });
    planB = await created('/api/subject/newplan', { Name: 'Статистика Б' });
    const topic = (PlanID: number, Name: string, Position: number) =>
      created('/api/subject/newtopic', { PlanID, Name, Position, TypeID: THEORY, EduType: IN_PERSON });
    const [topicA1, topicA2, topicB1] = [await topic(planA, 'Тема 1', 1), await topic(planA, 'Тема 2', 2), await topic(planB, 'Тема Б', 1)];
    await topic(planA, 'Тема без тестов', 3);
    const test = (PlanID: number, TopicID: number, Name: string) => created('/api/exam/newtest', { Name, PlanID, TopicID });
    [a1, a2, a3, b1] = [
      await test(planA, topicA1, 'a1'),
      await test(planA, topicA1, 'a2'),
      await test(planA, topicA2, 'a3'),
      await test(planB, topicB1, 'b1'),
    ];

    people.p1 = await person('Абаев Первый Слушатель', 'Цех 1', planA);
    people.p2 = await person('Бекова Вторая Слушатель', 'Цех 1', planA);
    people.p3 = await person('Ванов Третий Слушатель', 'Цех 2', planA);
    people.p4 = await person('Гиреев Четвёртый Слушатель', 'Склад', planB);
    people.p5 = await person('Донова Пятая Слушатель', '', planB);
    people.p6 = await person('Ежов Без Плана', 'Цех 1', null);
    const { p1, p2, p3, p4, p5, p6 } = people;
    for (const testId of [a1, a2, a3]) await insertAttempt(t.db, p1.id, testId);
    await insertAttempt(t.db, p2.id, a1);
    await insertAttempt(t.db, p2.id, a2, FAILED);
    await insertAttempt(t.db, p3.id, a1);
    await insertAttempt(t.db, p3.id, a2);
    await insertAttempt(t.db, p3.id, a3, { finished_at: new Date(Date.now() - 10 * DAY) });
    await insertAttempt(t.db, p4.id, b1, RUNNING);
    await insertAttempt(t.db, p5.id, b1);
    await insertAttempt(t.db, p6.id, a1);

    const examiner = { id: await t.idOf(Role.Examiner) };
    const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    examA = await insertExam(t.db, planA, minutesFromNow(-180), [examiner], { passMarks: 1 });
    const examB = await insertExam(t.db, planB, minutesFromNow(24 * 60), [examiner], { passMarks: 1 });
    await t.db.insertInto('exam_votes').values({ exam_id: examA, examiner_id: examiner.id, user_id: p1.id, accepted: true }).execute();
    await insertSignature(t.db, examA, examiner.id);
    await freezeExam(t.db, examA, { [p1.id]: 'accepted', [p2.id]: 'rejected' });
    const today = todayIn(t.config.ORG_TIMEZONE);
    await certificate(p1.id, examA, planA, today);
    await certificate(p2.id, examA, planA, today, true);
    await certificate(p3.id, examA, planA, dayIn(new Date(Date.now() - 20 * DAY), t.config.ORG_TIMEZONE));
    await certificate(p5.id, examB, planB, today);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts people per figure and department, the nameless department last', async () => {
    const { data } = (await call('/api/attendance/statistic')).json();
    expect(data).toEqual({
      TotalCourse: status(3, 5),
      TotalTest: status(4, 5),
      TotalCertificate: status(2, 3),
      AttendanceCourse: departments(['Склад', 0, 1], ['Цех 1', 1, 2], ['Цех 2', 1, 1], ['', 1, 1]),
      AttendanceTest: departments(['Склад', 0, 1], ['Цех 1', 2, 2], ['Цех 2', 1, 1], ['', 1, 1]),
      GetCerificate: departments(['Склад', 0, 0], ['Цех 1', 1, 2], ['Цех 2', 1, 1], ['', 0, 0]),
    });
  });

  it('filters by plan and by days in the organisation’s time zone', async () => {
    const byPlan = (await call(`/api/attendance/statistic?plan=${planB}`)).json().data;
    expect(byPlan).toEqual({
      TotalCourse: status(1, 2),
      TotalTest: status(1, 2),
      TotalCertificate: status(0, 0),
      AttendanceCourse: departments(['Склад', 0, 1], ['', 1, 1]),
      AttendanceTest: departments(['Склад', 0, 1], ['', 1, 1]),
      GetCerificate: departments(['Склад', 0, 0], ['', 0, 0]),
    });
    // the last three days: p3's a3 and certificate fall before, so p3 passes neither course nor certificate (but took tests)
    const from = dayIn(new Date(Date.now() - 2 * DAY), t.config.ORG_TIMEZONE);
    const to = todayIn(t.config.ORG_TIMEZONE);
    const windowed = (await call(`/api/attendance/statistic?from=${from}&to=${to}`)).json().data;
    expect(windowed).toEqual({
      TotalCourse: status(2, 5),
      TotalTest: status(4, 5),
      TotalCertificate: status(1, 3),
      AttendanceCourse: departments(['Склад', 0, 1], ['Цех 1', 1, 2], ['Цех 2', 0, 1], ['', 1, 1]),
      AttendanceTest: departments(['Склад', 0, 1], ['Цех 1', 2, 2], ['Цех 2', 1, 1], ['', 1, 1]),
      GetCerificate: departments(['Склад', 0, 0], ['Цех 1', 1, 2], ['Цех 2', 0, 1], ['', 0, 0]),
    });
    // days before any of it: nothing passed, the exam not completed within them
    const long = dayIn(new Date(Date.now() - 40 * DAY), t.config.ORG_TIMEZONE);
    const before = (await call(`/api/attendance/statistic?from=${long}&to=${long}`)).json().data;
    expect([before.TotalCourse, before.TotalTest, before.TotalCertificate]).toEqual([status(0, 5), status(0, 5), status(0, 0)]);
    const reversed = await t.app.inject({ method: 'GET', url: `/api/attendance/statistic?from=${to}&to=${from}`, headers: admin });
    expect(reversed.statusCode).toBe(400);
  });

  it('makes the admin report: what it covers, the figures as the screen has them, then trainees that add up to them', async () => {
    const { data: url } = (await call('/api/report/admin')).json();
    expect(url).toMatch(/^\/api\/report\/file\/[a-f0-9]{32}\.xlsx$/);
    const file = await call(url, {});
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="statistics-report-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = await workbookOf(url);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Статистика', 'Слушатели']);
    const figures = tableOf(workbook.getWorksheet('Статистика'), 'Показатель');
    expect(figures[0]).toEqual(['Показатель', 'Отдел', 'Сколько', 'Из скольких', 'Из кого', '%']);
    const course = 'Прошли курс: сдали все тесты своего плана';
    const turnout = 'Явка на тесты: завершили хотя бы один тест плана (сдан или нет)';
    const certified = 'Получили сертификат: действующий, по завершённому экзамену плана';
    expect(figures).toContainEqual([course, 'Все отделы', 3, 5, 'из слушателей с планом', 60]);
    expect(figures).toContainEqual([turnout, 'Все отделы', 4, 5, 'из слушателей с планом', 80]);
    expect(figures).toContainEqual([turnout, 'Склад', 0, 1, 'из слушателей с планом', 0]);
    expect(figures).toContainEqual([certified, 'Все отделы', 2, 3, 'из участников завершённых экзаменов плана', 67]);
    expect(figures).toContainEqual([certified, 'Без отдела', 0, 0, 'из участников завершённых экзаменов плана', 0]);
    expect(figures).toHaveLength(1 + 3 * 5);
    const trainees = tableOf(workbook.getWorksheet('Слушатели'), 'ФИО');
    const { p1, p2, p3, p4, p5 } = people;
    const row = (
      p: typeof p1,
      department: string,
      plan: string,
      tests: [number, number],
      took: string,
      passed: string,
      exam: string,
      number: string,
    ) => [p.name, p.iin, `T${p.iin.slice(-4)}`, department, 'Оператор', plan, ...tests, took, passed, exam, number];
    expect(trainees.slice(1)).toEqual([
      row(p4, 'Склад', 'Статистика Б', [0, 1], 'Нет', 'Нет', '', ''),
      row(p1, 'Цех 1', 'Статистика А', [3, 3], 'Да', 'Да', 'Сдал', 'OQU-2026-000001'),
      row(p2, 'Цех 1', 'Статистика А', [1, 3], 'Да', 'Нет', 'Не сдал', ''),
      row(p3, 'Цех 2', 'Статистика А', [3, 3], 'Да', 'Да', 'Решение не принято', 'OQU-2026-000003'),
      row(p5, 'Без отдела', 'Статистика Б', [1, 1], 'Да', 'Да', '', ''),
    ]);
    const { data } = (await call('/api/attendance/statistic')).json();
    expect(sumsOf(trainees)).toEqual({ TotalCourse: data.TotalCourse, TotalTest: data.TotalTest, TotalCertificate: data.TotalCertificate });
  });

  it('names on its first sheet the plan, the period and when it was made, in the organisation’s time zone', async () => {
    const everything = (await adminReport()).getWorksheet('Статистика');
    const zone = t.config.ORG_TIMEZONE;
    const lines = (sheet: ExcelJS.Worksheet | undefined) => [1, 2, 3, 4].map((n) => sheet?.getRow(n).values as unknown[] | undefined);
    const [title, plan, period, generated] = lines(everything);
    expect(title).toEqual([undefined, 'Статистика обучения']);
    expect(plan).toEqual([undefined, 'План обучения', 'Все планы обучения']);
    expect(period).toEqual([undefined, 'Период', 'За всё время']);
    expect(generated?.[1]).toBe('Сформирован');
    // made just now: this minute or the one before, as the organisation's clock shows it
    const now = Date.now();
    expect([displayMoment(new Date(now), zone), displayMoment(new Date(now - 60_000), zone)].map((m) => `${m} (${zone})`)).toContain(
      generated?.[2],
    );

    const from = dayIn(new Date(now - 2 * DAY), zone);
    const to = todayIn(zone);
    const dotted = (day: string) => day.split('-').reverse().join('.');
    const filtered = (await adminReport(`?plan=${planB}&from=${from}&to=${to}`)).getWorksheet('Статистика');
    expect(lines(filtered).slice(1, 3)).toEqual([
      [undefined, 'План обучения', 'Статистика Б'],
      [undefined, 'Период', `с ${dotted(from)} по ${dotted(to)}`],
    ]);
    // the filtered file's trainees add up to the filtered figures
    const trainees = tableOf((await adminReport(`?plan=${planB}&from=${from}&to=${to}`)).getWorksheet('Слушатели'), 'ФИО');
    const { data } = (await call(`/api/attendance/statistic?plan=${planB}&from=${from}&to=${to}`)).json();
    expect(sumsOf(trainees)).toEqual({ TotalCourse: data.TotalCourse, TotalTest: data.TotalTest, TotalCertificate: data.TotalCertificate });
  });

  it('makes the webinars report with attendance and minutes within the webinar’s time', async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const topicId = (
      await t.db.selectFrom('topics').select('id').where('plan_id', '=', planA).orderBy('position').executeTakeFirstOrThrow()
    ).id;
    const webinarId = await insertWebinar(t.db, {
      planId: planA,
      topicId,
      teacherId: await t.idOf(Role.Teacher),
      beginsIn: -120,
      duration: 60,
      name: 'Вебинар для отчёта',
    });
    await t.db
      .updateTable('webinars')
      .set({ started_at: minutesAgo(120), ended_at: minutesAgo(60) })
      .where('id', '=', webinarId)
      .execute();
    const { p1, p2 } = people;
    await t.db
      .insertInto('webinar_attendance')
      .values([p1, p2].map((p) => ({ webinar_id: webinarId, user_id: p.id, joined_at: minutesAgo(100), last_joined_at: minutesAgo(100) })))
      .execute();
    await t.db
      .insertInto('webinar_presence')
      .values([
        // from before the start: 30 minutes count
        { webinar_id: webinarId, user_id: p1.id, opened_at: minutesAgo(130), seen_at: minutesAgo(90), closed_at: minutesAgo(90) },
        // still open, last seen after the end: 20 minutes count
        { webinar_id: webinarId, user_id: p2.id, opened_at: minutesAgo(80), seen_at: minutesAgo(50), closed_at: null },
      ])
      .execute();
    // plan A's trainees had followed it for a day by then (their accounts are made just now)
    await t.db
      .updateTable('plan_memberships')
      .set({ since: new Date(Date.now() - DAY) })
      .where('plan_id', '=', planA)
      .execute();
    const rows = tableOf((await teacherReport()).getWorksheet('Вебинары'), 'Вебинар');
    expect(rows[0]).toHaveLength(8);
    const webinar = rows.find((r) => r[0] === 'Вебинар для отчёта');
    const teacher = await t.db
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', await t.idOf(Role.Teacher))
      .executeTakeFirstOrThrow();
    expect(webinar?.slice(1, 3)).toEqual(['Статистика А', teacher.full_name]);
    expect(webinar?.[3]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    // present: p1 and p2 by the attendance records; of plan A's three trainees at the time
    expect(webinar?.slice(4)).toEqual([60, 2, 3, 50]);
    const sheet = (await teacherReport()).getWorksheet('Вебинары');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Отчёт по вебинарам']);
    expect(sheet?.getRow(2).getCell(1).value).toBe('Период');
    expect(sheet?.getRow(3).getCell(1).value).toBe('Сформирован');
  });

  it('forgets a report once it expires, and deletes its file', async () => {
    const { data: url } = (await call('/api/report/admin')).json();
    const token = url.slice(url.lastIndexOf('/') + 1, -'.xlsx'.length);
    await t.db
      .updateTable('report_files')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', token)
      .execute();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await t.app.services.statistics.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('report_files').select('token').where('token', '=', token).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/report/file/${'0'.repeat(32)}.xlsx` })).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    await expectRefused(t, STAFF_NOT_ADMIN, [
      ['GET', '/api/attendance/statistic'],
      ['GET', '/api/report/admin'],
      ['GET', '/api/report/teacher'],
    ]);
    // the demo trainee is archived here: a trainee of this world signs in instead
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { iin: people.p1.iin, password: 'Stat2026!' } });
    const trainee = bearer(login.json().user.Token);
    for (const url of ['/api/attendance/statistic', '/api/report/admin', '/api/report/teacher']) {
      expect((await t.app.inject({ method: 'GET', url, headers: trainee })).statusCode).toBe(403);
    }
  });

  it('keeps a completed exam’s figures and a past webinar’s audience when a trainee joins the plan and attempts finish after them', async () => {
    const figures = async () => (await call(`/api/attendance/statistic?plan=${planA}`)).json().data;
    const trainees = async () => tableOf((await adminReport(`?plan=${planA}`)).getWorksheet('Слушатели'), 'ФИО');
    const before = { figures: await figures(), trainees: await trainees(), webinar: await webinarRow() };
    expect(before.figures.TotalCertificate).toEqual(status(2, 3));

    // after the exam: a new trainee of the plan passes a test, p2 passes the test she had failed
    const p7 = await person('Жанова Седьмая Слушатель', 'Цех 1', planA);
    await insertAttempt(t.db, p7.id, a1);
    await insertAttempt(t.db, people.p2.id, a2);
    await forgetRecentReports();

    const after = { figures: await figures(), trainees: await trainees(), webinar: await webinarRow() };
    // the exam's participants and certificates are its record's: p7 is not in it
    expect([after.figures.TotalCertificate, after.figures.GetCerificate]).toEqual([
      before.figures.TotalCertificate,
      before.figures.GetCerificate,
    ]);
    // the course and the turnout are about the plan's trainees now: p7 is in both totals
    expect([after.figures.TotalCourse, after.figures.TotalTest]).toEqual([status(2, 4), status(4, 4)]);
    const byName = (x: unknown[], y: unknown[]) => String(x[0]).localeCompare(String(y[0]));
    const examColumns = (rows: unknown[][]) => rows.slice(1).map((r) => [r[0], r[10], r[11]]);
    expect(examColumns(after.trainees).sort(byName)).toEqual([...examColumns(before.trainees), [p7.name, '', '']].sort(byName));
    expect(sumsOf(after.trainees)).toEqual({
      TotalCourse: after.figures.TotalCourse,
      TotalTest: after.figures.TotalTest,
      TotalCertificate: after.figures.TotalCertificate,
    });
    // the webinar of two hours ago: still 2 present of the 3 who followed the plan then
    expect(after.webinar).toEqual(before.webinar);
  });

  describe('report files', () => {
    const reportOf = async (url: string, headers: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as string;
    };
    const download = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

    it('keep the token out of the request log', async () => {
      const lines: string[] = [];
      const app = Fastify({ logger: { ...loggerOptions('info', false), stream: { write: (line: string) => lines.push(line) } } });
      app.get('/api/report/file/:token', async () => 'file');
      await app.inject({ method: 'GET', url: '/api/report/file/0123456789abcdef0123456789abcdef.xlsx' });
      await app.close();
      const logged = lines.map((line) => JSON.parse(line));
      expect(logged.find((entry) => entry.msg === 'incoming request')?.req.url).toBe('/api/report/file/[redacted]');
      expect(lines.join('')).not.toContain('0123456789abcdef');
    });

    it('answer for minutes, and only while the session that asked lives: not after signing out or being blocked', async () => {
      const leaving = await insertPerson(t.db, Role.Admin, { fullName: 'Уходящий Администратор Отчётов' });
      const url = await reportOf('/api/report/admin', bearer(leaving.token));
      expect(await download(url)).toBe(200);
      const token = url.slice(url.lastIndexOf('/') + 1, -'.xlsx'.length);
      const row = await t.db
        .selectFrom('report_files')
        .select(['created_at', 'expires_at'])
        .where('token', '=', token)
        .executeTakeFirstOrThrow();
      expect(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - 10 * 60_000)).toBeLessThan(5_000);
      const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(leaving.token) });
      expect(logout.statusCode).toBe(200);
      expect(await download(url)).toBe(404);

      const blocked = await insertPerson(t.db, Role.Admin, { fullName: 'Блокируемый Администратор Отчётов' });
      const other = await reportOf('/api/report/teacher', bearer(blocked.token));
      expect(await download(other)).toBe(200);
      const block = await t.app.inject({
        method: 'PUT',
        url: `/api/user/updateuser/${blocked.id}`,
        payload: { IsBlocked: true },
        headers: admin,
      });
      expect(block.statusCode, block.body).toBe(200);
      expect(await download(other)).toBe(404);
    });

    it('are made one at a time per person; an identical request gets the file being made or just made', async () => {
      const busy = await insertPerson(t.db, Role.Admin, { fullName: 'Занятой Администратор Отчётов' });
      const headers = bearer(busy.token);
      const same = `/api/report/admin?plan=${planA}`;
      const [first, second] = await Promise.all([reportOf(same, headers), reportOf(same, headers)]);
      expect(second).toBe(first);
      expect(await reportOf(same, headers)).toBe(first);
      const otherFilter = await reportOf('/api/report/admin', headers);
      expect(otherFilter).not.toBe(first);
      expect(await download(first)).toBe(200);

      // a report of theirs in the making (here by another server process): another is refused, in their language
      await t.db
        .insertInto('report_files')
        .values({
          token: 'f'.repeat(32),
          kind: 'admin',
          storage_key: 'reports/making.xlsx',
          created_by: busy.id,
          expires_at: new Date(Date.now() + 10 * 60_000),
          session_hash: hashToken(busy.token),
          request_key: 'another',
          ready_at: null,
        })
        .execute();
      const refused = await t.app.inject({ method: 'GET', url: '/api/report/teacher', headers: { ...headers, 'accept-language': 'en' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        status: false,
        message: 'Another report of yours is still being made: wait for it, then try again',
      });
      // nobody else waits for it
      expect(await download(await reportOf('/api/report/teacher', admin))).toBe(200);
    });
  });

  describe('reports asked for at once by several administrators', () => {
    it('are each whole, as one asked alone', async () => {
      const admins = await Promise.all(
        ['Первый', 'Второй', 'Третий'].map((name) => insertPerson(t.db, Role.Admin, { fullName: `${name} Администратор Очереди` })),
      );
      const alone = tableOf((await adminReport(`?plan=${planA}`)).getWorksheet('Слушатели'), 'ФИО');
      const together = await Promise.all(
        admins.map(async ({ token }) => {
          const url = (await call(`/api/report/admin?plan=${planA}`, bearer(token))).json().data as string;
          return tableOf((await workbookOf(url)).getWorksheet('Слушатели'), 'ФИО');
        }),
      );
      expect(alone.length).toBeGreaterThan(1);
      for (const table of together) expect(table).toEqual(alone);
    });
  });

  // last: it finishes p4's attempt and renames a department
  it('reuses the figures while no result comes, and counts a finished attempt at once', async () => {
    const planBFigures = async () => (await call(`/api/attendance/statistic?plan=${planB}`)).json().data;
    const before = await planBFigures();
    expect(before.AttendanceTest).toEqual(departments(['Склад', 0, 1], ['', 1, 1]));
    // not a result: seen once the figures are worked out again
    await t.db.updateTable('users').set({ department: 'Склад 2' }).where('id', '=', people.p4.id).execute();
    expect(await planBFigures()).toEqual(before);
    // p4's running attempt at b1 finishes, passed: the next answer counts it
    await t.db
      .updateTable('attempts')
      .set({ finished_at: new Date(), passed: true })
      .where('user_id', '=', people.p4.id)
      .where('finished_at', 'is', null)
      .execute();
    const after = await planBFigures();
    expect(after.AttendanceTest).toEqual(departments(['Склад 2', 1, 1], ['', 1, 1]));
    expect(after.TotalCourse).toEqual(status(2, 2));
  });
});

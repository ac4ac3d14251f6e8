import { ExamType, Role } from '@oqu/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/calendar.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { FAILED, IN_PERSON, insertAttempt, RUNNING, THEORY } from '../../test/catalogue.js';
import { createExam, insertSignature } from '../../test/exams.js';
import { nextIin } from '../../test/factories.js';
import { expectRefused, NOT_ADMIN } from '../../test/http.js';
import { insertWebinar } from '../../test/rooms.js';

/**
 * The statistics and the reports, on a world built through the API (people, plans, topics, tests,
 * exams) with attempts, votes and webinar presence as the engine records them, and every figure
 * worked out by hand below. Certificates are written straight into `issued_certificates` (their
 * issuing is another module's), as `certificate` does.
 *
 * Plan A: topic 1 (tests a1, a2), topic 2 (test a3), topic 3 without tests; a completed exam.
 * Plan B: one test b1; an exam tomorrow (not completed).
 *   p1 A «Цех 1»  passed a1 a2 a3 today                      certificate today
 *   p2 A «Цех 1»  passed a1, failed a2 today                  certificate revoked
 *   p3 A «Цех 2»  passed a1 a2 today, a3 ten days ago         certificate twenty days ago
 *   p4 B «Склад»  an attempt at b1 still running
 *   p5 B (none)   passed b1 today                             certificate (its exam not completed: not counted)
 *   p6 no plan «Цех 1», passed nothing: counted nowhere; the demo trainees are archived: counted nowhere.
 */

const DAY = 86_400_000;
const STAFF_NOT_ADMIN = NOT_ADMIN.filter((role) => role !== Role.Trainee);
const todayIn = (timeZone: string) => dayIn(new Date(), timeZone);
const status = (Passed: number, Total: number) => ({ Passed, Total });
const departments = (...rows: [string, number, number][]) => rows.map(([Name, Passed, Total]) => ({ Name, Status: status(Passed, Total) }));

describe('statistics and reports (statistics module)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let planA: number;
  let planB: number;
  let examA: number;
  const people: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6', { id: number; iin: string; name: string }> = {} as never;
  let certificateSeq = 0;

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
  /** The sheet's rows, each as wide as the header (empty cells as ''). */
  const rowsOf = (sheet: ExcelJS.Worksheet | undefined) => {
    const rows: unknown[][] = [];
    const width = sheet?.getRow(1).cellCount ?? 0;
    sheet?.eachRow((row) => rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? '')));
    return rows;
  };

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
    const [a1, a2, a3, b1] = [
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

    const examinerId = await t.idOf(Role.Examiner);
    const exam = (PlanID: number, beginsInMinutes: number) =>
      createExam(t, {
        Name: 'Проверка знаний',
        PlanID,
        TypeID: ExamType.Periodic,
        PassMarks: 1,
        BeginTime: new Date(Date.now() + beginsInMinutes * 60_000).toISOString(),
        Duration: 60,
        Examenators: [examinerId],
        Regions: [],
      });
    examA = await exam(planA, -180);
    const examB = await exam(planB, 24 * 60);
    await t.db.insertInto('exam_votes').values({ exam_id: examA, examiner_id: examinerId, user_id: p1.id, accepted: true }).execute();
    await insertSignature(t.db, examA, examinerId);
    const today = todayIn(t.config.ORG_TIMEZONE);
    await certificate(p1.id, examA, planA, today);
    await certificate(p2.id, examA, planA, today, true);
    await certificate(p3.id, examA, planA, dayIn(new Date(Date.now() - 20 * DAY), t.config.ORG_TIMEZONE));
    await certificate(p5.id, examB, planB, today);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts course, tests and certificates per department, the nameless department last', async () => {
    const { data } = (await call('/api/attendance/statistic')).json();
    expect(data).toEqual({
      TotalCourse: status(3, 5),
      TotalTest: status(9, 11),
      TotalCertificate: status(2, 3),
      AttendanceCourse: departments(['Склад', 0, 1], ['Цех 1', 1, 2], ['Цех 2', 1, 1], ['', 1, 1]),
      AttendanceTest: departments(['Склад', 0, 1], ['Цех 1', 5, 6], ['Цех 2', 3, 3], ['', 1, 1]),
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
    // the last three days: p3's a3 and certificate fall before, so p3 passes neither course nor certificate
    const from = dayIn(new Date(Date.now() - 2 * DAY), t.config.ORG_TIMEZONE);
    const to = todayIn(t.config.ORG_TIMEZONE);
    const windowed = (await call(`/api/attendance/statistic?from=${from}&to=${to}`)).json().data;
    expect(windowed).toEqual({
      TotalCourse: status(2, 5),
      TotalTest: status(8, 11),
      TotalCertificate: status(1, 3),
      AttendanceCourse: departments(['Склад', 0, 1], ['Цех 1', 1, 2], ['Цех 2', 0, 1], ['', 1, 1]),
      AttendanceTest: departments(['Склад', 0, 1], ['Цех 1', 5, 6], ['Цех 2', 2, 3], ['', 1, 1]),
      GetCerificate: departments(['Склад', 0, 0], ['Цех 1', 1, 2], ['Цех 2', 0, 1], ['', 0, 0]),
    });
    // days before any of it: nothing passed, the exam not completed within them
    const long = dayIn(new Date(Date.now() - 40 * DAY), t.config.ORG_TIMEZONE);
    const before = (await call(`/api/attendance/statistic?from=${long}&to=${long}`)).json().data;
    expect([before.TotalCourse, before.TotalTest, before.TotalCertificate]).toEqual([status(0, 5), status(0, 11), status(0, 0)]);
    const reversed = await t.app.inject({ method: 'GET', url: `/api/attendance/statistic?from=${to}&to=${from}`, headers: admin });
    expect(reversed.statusCode).toBe(400);
  });

  it('makes the admin report: the figures, then one row per trainee', async () => {
    const { data: url } = (await call('/api/report/admin')).json();
    expect(url).toMatch(/^\/api\/report\/file\/[a-f0-9]{32}\.xlsx$/);
    const file = await call(url, {});
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="statistics-report-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = await workbookOf(url);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Статистика', 'Слушатели']);
    const figures = rowsOf(workbook.getWorksheet('Статистика'));
    expect(figures).toContainEqual(['Посещаемость курсов', 'Все отделы', 3, 5, 60]);
    expect(figures).toContainEqual(['Явка на тесты', 'Склад', 0, 1, 0]);
    expect(figures).toContainEqual(['Получили сертификат', 'Без отдела', 0, 0, 0]);
    expect(figures).toHaveLength(1 + 3 * 5);
    const trainees = rowsOf(workbook.getWorksheet('Слушатели'));
    const { p1, p2, p3, p4, p5 } = people;
    const row = (p: typeof p1, department: string, plan: string, tests: string, exam: string, number: string) => [
      p.name,
      p.iin,
      `T${p.iin.slice(-4)}`,
      department,
      'Оператор',
      plan,
      tests,
      exam,
      number,
    ];
    expect(trainees.slice(1)).toEqual([
      row(p4, 'Склад', 'Статистика Б', '0 / 1', '', ''),
      row(p1, 'Цех 1', 'Статистика А', '3 / 3', 'Сдал', 'OQU-2026-000001'),
      row(p2, 'Цех 1', 'Статистика А', '1 / 3', 'Решение не принято', ''),
      row(p3, 'Цех 2', 'Статистика А', '3 / 3', 'Решение не принято', 'OQU-2026-000003'),
      row(p5, 'Без отдела', 'Статистика Б', '1 / 1', '', 'OQU-2026-000004'),
    ]);
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
    const today = dayIn(minutesAgo(120), t.config.ORG_TIMEZONE);
    const { data: url } = (await call(`/api/report/teacher?from=${today}&to=${today}`)).json();
    const rows = rowsOf((await workbookOf(url)).getWorksheet('Вебинары'));
    expect(rows[0]).toHaveLength(8);
    const webinar = rows.find((r) => r[0] === 'Вебинар для отчёта');
    const teacher = await t.db
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', await t.idOf(Role.Teacher))
      .executeTakeFirstOrThrow();
    expect(webinar?.slice(1, 3)).toEqual(['Статистика А', teacher.full_name]);
    expect(webinar?.[3]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(webinar?.slice(4)).toEqual([60, 2, 3, 50]);
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
});

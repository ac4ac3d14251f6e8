import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { FAILED, insertAttempt, insertPlan, insertQuestion, insertTest, insertTopic, THEORY } from '../../test/catalogue.js';
import { nextIin } from '../../test/factories.js';
import { expectRefused, NOT_ADMIN } from '../../test/http.js';

describe('visit log (visit-log module)', () => {
  let t: TestApp;
  let token: string;
  let planId: number;
  let otherPlanId: number;
  /** topic 1 (tests X and Y), topic 2 (test Z), topic 3 (no tests, a webinar) */
  let topic1: number;
  let topic2: number;
  let topic3: number;
  let testX: number;
  let testY: number;
  let testZ: number;
  let ann: number;
  let bota: number;
  let vera: number;
  const annAttended = new Date('2026-11-20T06:00:00Z');
  const botaLastAttempt = new Date('2026-11-21T08:00:00Z');

  const insertPerson = async (name: string, tabel: string, values: { plan?: number | null; role?: number; archived?: boolean } = {}) => {
    const row = await t.db
      .insertInto('users')
      .values({
        role_id: values.role ?? Role.Trainee,
        iin: nextIin(),
        full_name: name,
        tabel,
        department: 'Цех № 3',
        duty: 'Слесарь',
        password_hash: 'not-a-password',
        plan_id: values.plan === undefined ? planId : values.plan,
        archived_at: values.archived ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.tokenOf(Role.Admin);
    planId = await insertPlan(t.db, 'Журнал: слесари-ремонтники');
    otherPlanId = await insertPlan(t.db, 'Журнал: электрики');
    // made out of order: the log lists them by position
    topic3 = await insertTopic(t.db, planId, 'Вебинар по допуску', { position: 3 });
    topic1 = await insertTopic(t.db, planId, 'Инструмент', {
      position: 1,
      type_id: THEORY,
      total_hours: 4,
      scheduled_at: new Date('2026-12-01T04:30:00Z'),
    });
    topic2 = await insertTopic(t.db, planId, 'Стропы', { position: 2 });
    testX = await insertTest(t.db, planId, topic1, 'Тест X');
    testY = await insertTest(t.db, planId, topic1, 'Тест Y', { duration_minutes: 25 });
    testZ = await insertTest(t.db, planId, topic2, 'Тест Z');
    await insertQuestion(t.db, testX);
    await insertQuestion(t.db, testX);
    await insertQuestion(t.db, testX, { archived_at: new Date() });

    ann = await insertPerson('Абаева Анна', '91001');
    bota = await insertPerson('Бекова Бота', '91002');
    vera = await insertPerson('Ветрова Вера', '91003');
    const archived = await insertPerson('Архивный Ахмет', '91004', { archived: true });
    await insertPerson('Электрик Эрик', '91005', { plan: otherPlanId });

    // Ann passed everything and attended topic 3's webinar
    await insertAttempt(t.db, ann, testX);
    await insertAttempt(t.db, ann, testY, { question_count: 4, correct_count: 3 });
    await insertAttempt(t.db, ann, testZ);
    const webinar = await t.db
      .insertInto('webinars')
      .values({
        name: 'Допуск',
        plan_id: planId,
        topic_id: topic3,
        teacher_id: await t.idOf(Role.Teacher),
        begin_time: annAttended,
        duration_minutes: 60,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('webinar_attendance')
      .values({ webinar_id: webinar.id, user_id: ann, joined_at: annAttended, last_joined_at: annAttended })
      .execute();
    // Bota failed X twice (1 of 4, then 2 of 4: the best shows) and has not started Y
    await insertAttempt(t.db, bota, testX, {
      ...FAILED,
      question_count: 4,
      correct_count: 1,
      finished_at: new Date('2026-11-21T07:00:00Z'),
    });
    await insertAttempt(t.db, bota, testX, { ...FAILED, question_count: 4, correct_count: 2, finished_at: botaLastAttempt });
    // an archived trainee's pass counts nowhere
    await insertAttempt(t.db, archived, testX);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { code: response.statusCode, body: response.json() };
  };

  it('lists plans with attendance and their topics in order', async () => {
    const { code, body } = await get(`/api/attendance/planattend?page=1&search=${encodeURIComponent('журнал: слесари')}`);
    expect(code).toBe(200);
    expect(body).toMatchObject({ status: true, pages: 1, total: 1 });
    // 3 live trainees; only Ann passed every test of the plan
    expect(body.data).toEqual([
      {
        ID: planId,
        Name: 'Журнал: слесари-ремонтники',
        Attendance: { Passed: 1, Total: 3 },
        Topics: [
          {
            ID: topic1,
            Number: 1,
            Name: 'Инструмент',
            Type: 'Теоретическое обучение',
            TypeID: THEORY,
            TotalHour: 4,
            Date: '2026-12-01',
            Time: '09:30',
            Attendance: { Passed: 1, Total: 3 },
          },
          expect.objectContaining({ ID: topic2, Number: 2, Date: null, Time: null, Attendance: { Passed: 1, Total: 3 } }),
          // no tests: attending its webinar is passing it
          expect.objectContaining({ ID: topic3, Number: 3, Attendance: { Passed: 1, Total: 3 } }),
        ],
      },
    ]);
    const other = await get(`/api/attendance/planattend?search=${encodeURIComponent('Журнал: электрики')}`);
    expect(other.body.data).toEqual([{ ID: otherPlanId, Name: 'Журнал: электрики', Attendance: { Passed: 0, Total: 1 }, Topics: [] }]);
    const english = await t.app.inject({
      method: 'GET',
      url: `/api/attendance/planattend?search=${encodeURIComponent('слесари')}`,
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(english.json().data[0].Topics[0].Type).toBe('Theoretical training');
  });

  it('shows a topic’s trainees with their results, searched and paged', async () => {
    const { code, body } = await get(`/api/attendance/topicattend?id=${topic1}&page=1`);
    expect(code).toBe(200);
    expect(body).toMatchObject({
      pages: 1,
      total: 3,
      topic: { ID: topic1, PlanID: planId, Plan: 'Журнал: слесари-ремонтники', Number: 1 },
    });
    const [first, second, third] = body.data;
    expect(first).toMatchObject({
      ID: ann,
      Fullname: 'Абаева Анна',
      Department: 'Цех № 3',
      Duty: 'Слесарь',
      Tabel: '91001',
      Webinar: false,
    });
    expect(first.Tests).toEqual([
      { ID: testX, Test: 'Тест X', Status: 'Пройден', Result: '100', Plus: 2, Minus: 0 },
      { ID: testY, Test: 'Тест Y', Status: 'Пройден', Result: '75', Plus: 3, Minus: 1 },
    ]);
    expect(second).toMatchObject({ ID: bota, Date: botaLastAttempt.toISOString() });
    expect(second.Tests).toEqual([
      { ID: testX, Test: 'Тест X', Status: 'Не пройден', Result: '50', Plus: 2, Minus: 2 },
      { ID: testY, Test: 'Тест Y', Status: 'Ожидается', Result: '', Plus: 0, Minus: 0 },
    ]);
    expect(third).toMatchObject({ ID: vera, Date: null, Webinar: false });

    const webinarTopic = await get(`/api/attendance/topicattend?id=${topic3}`);
    expect(webinarTopic.body.data[0]).toMatchObject({ ID: ann, Webinar: true, Date: annAttended.toISOString(), Tests: [] });
    expect(webinarTopic.body.data[1]).toMatchObject({ ID: bota, Webinar: false, Date: null });

    expect(
      (await get(`/api/attendance/topicattend?id=${topic1}&search=${encodeURIComponent('бекова')}`)).body.data.map(
        (r: { ID: number }) => r.ID,
      ),
    ).toEqual([bota]);
    expect((await get(`/api/attendance/topicattend?id=${topic1}&search=91003`)).body.data.map((r: { ID: number }) => r.ID)).toEqual([vera]);
    expect((await get(`/api/attendance/topicattend?id=${topic1}&page=2`)).body).toMatchObject({ data: [], pages: 1, total: 3 });
    expect(await get('/api/attendance/topicattend?id=999999')).toEqual({ code: 404, body: { status: false, message: 'Тема не найдена' } });
  });

  it('shows one trainee’s tests of the plan or of a topic', async () => {
    const { code, body } = await get(`/api/attendance/testattend?id=${bota}`);
    expect(code).toBe(200);
    expect(body.user).toEqual({ ID: bota, Fullname: 'Бекова Бота', Department: 'Цех № 3', Duty: 'Слесарь', Tabel: '91002' });
    expect(body.data).toEqual([
      // two live questions now; the attempts were of four
      {
        ID: testX,
        Test: 'Тест X',
        Topic: 'Инструмент',
        TopicID: topic1,
        Duration: 60,
        Questions: 2,
        Status: 'Не пройден',
        Result: '50',
        Plus: 2,
        Minus: 2,
      },
      expect.objectContaining({ ID: testY, Duration: 25, Questions: 0, Status: 'Ожидается', Result: '' }),
      expect.objectContaining({ ID: testZ, Topic: 'Стропы', TopicID: topic2, Status: 'Ожидается' }),
    ]);
    const ofTopic = await get(`/api/attendance/testattend?id=${bota}&topic=${topic2}`);
    expect(ofTopic.body.data.map((r: { ID: number }) => r.ID)).toEqual([testZ]);
    const notFound = { code: 404, body: { status: false, message: 'Пользователь не найден' } };
    expect(await get(`/api/attendance/testattend?id=${await t.idOf(Role.Admin)}`)).toEqual(notFound);
    expect(await get('/api/attendance/testattend?id=999999')).toEqual(notFound);
  });

  it('is the administrator’s', async () => {
    await expectRefused(t, NOT_ADMIN, [
      ['GET', '/api/attendance/planattend'],
      ['GET', `/api/attendance/topicattend?id=${topic1}`],
      ['GET', `/api/attendance/testattend?id=${ann}`],
    ]);
  });
});

import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import {
  FAILED,
  insertAttempt,
  insertPlan,
  insertQuestion,
  insertRetake,
  insertTest,
  insertTopic,
  RUNNING,
  THEORY,
} from '../../test/catalogue.js';
import { nextIin } from '../../test/factories.js';

const at = (iso: string) => new Date(iso);

describe('the gradebook journal and retakes in GET /api/user/getuser/{id}', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  let traineeId: number;
  const tests: Record<string, number> = {};
  const retakes: Record<string, number> = {};

  const insertTrainee = async (planId: number | null, tabel: string | null = null) =>
    (
      await t.db
        .insertInto('users')
        .values({ role_id: Role.Trainee, iin: nextIin(), full_name: 'Ким Ольга Викторовна', tabel, password_hash: 'x', plan_id: planId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const retakeOn = (userId: number, testId: number, date: string) => insertRetake(t.db, userId, testId, at(date), adminId);
  const getUser = async (id: number, language = 'ru') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/getuser/${id}`,
      headers: { ...bearer(adminToken), 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    adminId = await t.idOf(Role.Admin);
    const planId = await insertPlan(t.db, 'Оператор технологических установок');
    const otherPlanId = await insertPlan(t.db, 'Другой план');
    const production = await insertTopic(t.db, planId, 'Рабочее место', {
      position: 1,
      thematic: 'Организация рабочего места',
      total_hours: 2,
    });
    const theory = await insertTopic(t.db, planId, 'Охрана труда', {
      position: 2,
      type_id: THEORY,
      thematic: 'Законодательство об охране труда',
      total_hours: 1.5,
    });
    tests.upcoming = await insertTest(t.db, planId, production, 'Не начатый');
    tests.passed = await insertTest(t.db, planId, production, 'Сданный');
    tests.failed = await insertTest(t.db, planId, theory, 'Проваленный');
    tests.running = await insertTest(t.db, planId, theory, 'Идущий');
    tests.retake = await insertTest(t.db, planId, theory, 'С пересдачей');
    tests.retakeTaken = await insertTest(t.db, planId, theory, 'Пересдача идёт');
    tests.webinar = await insertTest(t.db, planId, theory, 'Вебинарный', { is_webinar: true, position: 1 });
    const foreign = await insertTest(t.db, otherPlanId, await insertTopic(t.db, otherPlanId, 'Чужая тема'), 'Чужой');
    for (let i = 0; i < 3; i++) await insertQuestion(t.db, tests.upcoming);
    await insertQuestion(t.db, tests.running);
    await insertQuestion(t.db, tests.running, { archived_at: new Date() });

    traineeId = await insertTrainee(planId, '61001');
    const someoneElse = await insertTrainee(planId);
    const finished = (correct: number, questions: number, passed: boolean, when: string) => ({
      question_count: questions,
      correct_count: correct,
      passed,
      started_at: at(when),
      finished_at: at(when),
    });
    // passed after a failure: the best is the pass
    await insertAttempt(t.db, traineeId, tests.passed, finished(1, 2, false, '2026-10-01T05:00:00Z'));
    await insertAttempt(t.db, traineeId, tests.passed, finished(2, 2, true, '2026-10-02T05:00:00Z'));
    // a good run then a bad one: the best is the first, the status the latest
    await insertAttempt(t.db, traineeId, tests.failed, finished(4, 5, true, '2026-10-01T05:00:00Z'));
    await insertAttempt(t.db, traineeId, tests.failed, finished(1, 5, false, '2026-10-03T05:00:00Z'));
    await insertAttempt(t.db, traineeId, tests.running, { ...RUNNING, question_count: 1 });
    await insertAttempt(t.db, traineeId, tests.retake, { ...finished(1, 4, false, '2026-10-01T05:00:00Z'), ...FAILED, correct_count: 1 });
    retakes.pending = await retakeOn(traineeId, tests.retake, '2026-11-20T04:00:00Z');
    await insertAttempt(t.db, traineeId, tests.retakeTaken, finished(0, 3, false, '2026-10-01T05:00:00Z'));
    retakes.used = await retakeOn(traineeId, tests.retakeTaken, '2026-11-10T04:00:00Z');
    await insertAttempt(t.db, traineeId, tests.retakeTaken, { ...RUNNING, question_count: 3, retake_id: retakes.used });
    // neither another plan's test nor another person's attempts show
    await insertAttempt(t.db, traineeId, foreign);
    await insertAttempt(t.db, someoneElse, tests.upcoming, finished(3, 3, true, '2026-10-01T05:00:00Z'));
    await insertAttempt(t.db, someoneElse, tests.failed, finished(5, 5, true, '2026-10-05T05:00:00Z'));
  });
  afterAll(() => t.close());

  it('has one entry per test of the person’s plan, with the best result, the status and the attempts', async () => {
    const user = await getUser(traineeId);
    const production = { Type: 'Производственное обучение', Number: 1, Thematic: 'Организация рабочего места', Studyhour: 2 };
    const theory = { Type: 'Теоретическое обучение', Number: 2, Thematic: 'Законодательство об охране труда', Studyhour: 1.5 };
    const entry = (key: string, name: string, topic: object, Passed: number, Total: number, Status: string, Attempts: number) => ({
      Tests: { ID: tests[key], Name: name },
      ...topic,
      Results: { Passed, Total },
      Status,
      Attempts,
    });
    expect(user.Journal).toEqual([
      entry('upcoming', 'Не начатый', production, 0, 3, 'Ожидается', 0),
      entry('passed', 'Сданный', production, 2, 2, 'Пройден', 2),
      // the webinar's test comes first among the topic's tests (by its position)
      entry('webinar', 'Вебинарный', theory, 0, 0, 'Ожидается', 0),
      entry('failed', 'Проваленный', theory, 4, 5, 'Не пройден', 2),
      // a running attempt has no result yet: the test's live questions are the total
      entry('running', 'Идущий', theory, 0, 1, 'В процессе', 1),
      entry('retake', 'С пересдачей', theory, 1, 4, 'Пересдача', 1),
      entry('retakeTaken', 'Пересдача идёт', theory, 0, 3, 'В процессе', 2),
    ]);
    const english = await getUser(traineeId, 'en');
    expect(english.Journal[0].Type).toBe('Production training');
  });

  it('lists the person’s retakes, used and unused, newest first', async () => {
    const user = await getUser(traineeId);
    expect(user.Retake).toEqual([
      {
        ID: retakes.pending,
        Date: '2026-11-20T04:00:00.000Z',
        Used: false,
        User: { ID: traineeId, Fullname: 'Ким Ольга Викторовна', Tabel: '61001', Department: '', Duty: '' },
        Test: { ID: tests.retake, Name: 'С пересдачей' },
        Info: {
          Plan: 'Оператор технологических установок',
          Type: 'Теоретическое обучение',
          Number: 2,
          Thematic: 'Законодательство об охране труда',
        },
      },
      expect.objectContaining({
        ID: retakes.used,
        Date: '2026-11-10T04:00:00.000Z',
        Used: true,
        Test: { ID: tests.retakeTaken, Name: 'Пересдача идёт' },
      }),
    ]);
  });

  it('gives people without a plan or retakes empty lists, and keeps the people list as it was', async () => {
    const admin = await getUser(adminId);
    expect(admin.Journal).toEqual([]);
    expect(admin.Retake).toEqual([]);
    const planless = await getUser(await insertTrainee(null));
    expect([planless.Journal, planless.Retake]).toEqual([[], []]);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/getusers?search=61001', headers: bearer(adminToken) });
    expect(list.statusCode).toBe(200);
    for (const person of list.json().data) expect(Object.keys(person)).not.toContain('Journal');
  });
});

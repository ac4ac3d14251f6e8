import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.js';
import { DEMO_ACCOUNTS } from '../../seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { IN_PERSON, insertAttempt, insertPlan, insertTest, insertTopic } from '../../test/catalogue.js';
import { nextIin } from '../../test/factories.js';

const PASSWORD = 'Plan2026!';
const NO_PLAN = 'План обучения ещё не назначен. Обратитесь к администратору';
const TYPE_NAMES = {
  ru: ['Производственное обучение', 'Теоретическое обучение'],
  kk: ['Өндірістік оқыту', 'Теориялық оқыту'],
  en: ['Production training', 'Theoretical training'],
};
const EDU_NAMES = { ru: 'Очное обучение', kk: 'Күндізгі оқыту', en: 'In-person training' };
/** These trainees take part in no exam (the demo exams are the demo trainee's). */
const NO_EXAM = { PassMarks: null, ExamID: null, Name: null, Status: null, Verdict: null };

describe('the trainee’s plan (learner-plan module)', () => {
  let t: TestApp;
  let hash: string;
  const ids = {} as Record<string, number>;
  const tokens = {} as Record<'ann' | 'ben' | 'cat', string>;

  async function person(fullName: string, duty: string, department: string, planId: number | null) {
    const iin = nextIin();
    const row = await t.db
      .insertInto('users')
      .values({ role_id: Role.Trainee, iin, full_name: fullName, duty, department, password_hash: hash, plan_id: planId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { iin, password: PASSWORD } });
    return { id: row.id, token: login.json().user.Token as string };
  }

  const topic = (planId: number, name: string, typeId: number, position: number, hours: number | string, extra = {}) =>
    insertTopic(t.db, planId, name, { type_id: typeId, position, total_hours: hours, ...extra });

  const test = (planId: number, topicId: number, name: string, position: number | null, passMarks = 60, duration = 30) =>
    insertTest(t.db, planId, topicId, name, { position, pass_marks: passMarks, duration_minutes: duration });

  /** A result: `correct` of `questions` right, with its verdict; unfinished when `finished` is false. */
  const attempt = (userId: number, testId: number, correct: number, questions: number, passed: boolean | null, finished = true) =>
    insertAttempt(t.db, userId, testId, {
      started_at: new Date('2026-11-20T09:00:00+06:00'),
      deadline_at: '2026-11-20T09:30:00+06:00',
      finished_at: finished ? '2026-11-20T09:20:00+06:00' : null,
      question_count: questions,
      correct_count: correct,
      pass_marks: 60,
      passed,
    });

  const get = (url: string, token?: string, language?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(token ? bearer(token) : {}), ...(language ? { 'accept-language': language } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    hash = await hashPassword(PASSWORD);
    const certificate = await t.db
      .insertInto('certificates')
      .values({ name: 'Удостоверение по охране труда', file_name: 'udostoverenie.pdf', storage_key: 'documents/cert.pdf' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.certificate = certificate.id;
    ids.plan = await insertPlan(t.db, 'Подготовка операторов', {
      description: 'Первичное обучение',
      duties: ['Оператор', 'Мастер смены'],
      certificate_id: certificate.id,
      edu_type_id: IN_PERSON,
    });
    ids.otherPlan = await insertPlan(t.db, 'Другой план');

    // inserted out of order on purpose: the answer orders by type, position, id
    ids.fire = await topic(ids.plan, 'Пожарная безопасность', 10, 2, 6);
    ids.safety = await topic(ids.plan, 'Основы охраны труда', 10, 1, 4, {
      id_number: '1.1',
      description: 'Вводная тема',
      thematic: 'Законодательство',
      lesson_plan: 'План урока',
      outline: 'Конспект',
      equipment: 'Проектор',
      teaching_aids: 'Плакаты',
      scheduled_at: '2026-12-01T10:00:00+06:00',
    });
    ids.electric = await topic(ids.plan, 'Электробезопасность', 10, 3, 2);
    ids.practice = await topic(ids.plan, 'Практика на установке', 9, 1, '2.5');
    ids.noTests = await topic(ids.plan, 'Стажировка', 9, 2, '1.5');
    ids.otherTopic = await topic(ids.otherPlan, 'Чужая тема', 10, 1, 8);

    ids.safetyFinal = await test(ids.plan, ids.safety, 'Итоговый тест', 2);
    ids.safetyIntro = await test(ids.plan, ids.safety, 'Входной тест', 1, 50, 15);
    ids.fireMain = await test(ids.plan, ids.fire, 'Пожарная безопасность: тест', 0);
    ids.fireExtra = await test(ids.plan, ids.fire, 'Первичные средства пожаротушения', null);
    ids.electricTest = await test(ids.plan, ids.electric, 'Электробезопасность: тест', 0);
    ids.practiceTest = await test(ids.plan, ids.practice, 'Практика: тест', 0);
    ids.otherTest = await test(ids.otherPlan, ids.otherTopic, 'Чужой тест', 0);

    const ann = await person('Абенова Анна Сергеевна', 'Оператор', 'Цех №1', ids.plan);
    const ben = await person('Беков Берик Ерланович', 'Мастер смены', 'Цех №2', ids.plan);
    const cat = await person('Цой Катерина', 'Лаборант', 'Лаборатория', null);
    Object.assign(ids, { ann: ann.id, ben: ben.id, cat: cat.id });
    Object.assign(tokens, { ann: ann.token, ben: ben.token, cat: cat.token });

    // Ann: a failed then a passed run of the final test, and an unfinished perfect one that must not count
    await attempt(ann.id, ids.safetyFinal, 3, 5, false);
    await attempt(ann.id, ids.safetyFinal, 4, 5, true);
    await attempt(ann.id, ids.safetyFinal, 5, 5, null, false);
    await attempt(ann.id, ids.safetyIntro, 2, 3, true);
    // fire: a failed finished run, and an unfinished run wrongly marked passed: neither passes it
    await attempt(ann.id, ids.fireMain, 1, 3, false);
    await attempt(ann.id, ids.fireMain, 3, 3, true, false);
    await attempt(ann.id, ids.practiceTest, 9, 10, true);
    // Ben passed everything about fire: Ann's results must not borrow his
    await attempt(ben.id, ids.fireMain, 5, 5, true);
    await attempt(ben.id, ids.fireExtra, 5, 5, true);
    await attempt(ben.id, ids.otherTest, 5, 5, true);
  });
  afterAll(() => t.close());

  describe('GET /api/userinfo', () => {
    it('answers the trainee’s plan, certificate, education type and position', async () => {
      const response = await get('/api/userinfo', tokens.ann);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: true,
        message: '',
        data: {
          Plans: [
            {
              ID: ids.plan,
              Name: 'Подготовка операторов',
              Plan: 'Подготовка операторов',
              Description: 'Первичное обучение',
              Duty: ['Оператор', 'Мастер смены'],
              Certificate: { ID: ids.certificate, Name: 'Удостоверение по охране труда' },
              Types: 11,
              EduTypeName: EDU_NAMES.ru,
            },
          ],
          Position: { Name: 'Оператор' },
          Department: 'Цех №1',
          Fullname: 'Абенова Анна Сергеевна',
        },
      });
    });

    it('names the education type in the caller’s language', async () => {
      for (const language of ['kk', 'en'] as const) {
        const response = await get('/api/userinfo', tokens.ann, language);
        expect(response.json().data.Plans[0].EduTypeName).toBe(EDU_NAMES[language]);
      }
    });

    it('answers an empty list and says so to a trainee without a plan', async () => {
      const response = await get('/api/userinfo', tokens.cat);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: true,
        message: NO_PLAN,
        data: { Plans: [], Position: { Name: 'Лаборант' }, Department: 'Лаборатория', Fullname: 'Цой Катерина' },
      });
      const english = await get('/api/userinfo', tokens.cat, 'en');
      expect(english.json().message).toBe('No training plan has been assigned to you yet. Please contact the administrator');
    });

    it('answers a plan without certificate or education type with nulls', async () => {
      const dan = await person('Дюсенов Данияр', 'Слесарь', 'РМЦ', ids.otherPlan);
      const plan = (await get('/api/userinfo', dan.token)).json().data.Plans[0];
      expect(plan).toEqual({
        ID: ids.otherPlan,
        Name: 'Другой план',
        Plan: 'Другой план',
        Description: '',
        Duty: [],
        Certificate: null,
        Types: null,
        EduTypeName: null,
      });
    });
  });

  describe('GET /api/subject/plantopics', () => {
    it('answers the plan’s topics by type and position, with the trainee’s own results', async () => {
      const response = await get('/api/subject/plantopics', tokens.ann);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.status).toBe(true);
      expect(body.data.map((row: { ID: number }) => row.ID)).toEqual([ids.practice, ids.noTests, ids.safety, ids.fire, ids.electric]);

      const [practice, noTests, safety, fire, electric] = body.data;
      expect(safety).toEqual({
        ID: ids.safety,
        Topic: 'Основы охраны труда',
        Name: 'Основы охраны труда',
        Number: 1,
        IDNumber: '1.1',
        Studyhour: 4,
        Date: '2026-12-01T04:00:00.000Z',
        TypeID: 10,
        EduType: 11,
        Description: 'Вводная тема',
        Thematic: 'Законодательство',
        TextOne: 'План урока',
        TextTwo: 'Конспект',
        TextThree: 'Проектор',
        TextFour: 'Плакаты',
        Tests: [
          { ID: ids.safetyIntro, Name: 'Входной тест', PassMarks: 50, Duration: 15, Passed: true, Result: 66.7 },
          // best finished run 4/5; the unfinished 5/5 does not count
          { ID: ids.safetyFinal, Name: 'Итоговый тест', PassMarks: 60, Duration: 30, Passed: true, Result: 80 },
        ],
        Scorm: [],
        Completed: true,
      });
      expect(fire.Tests).toEqual([
        { ID: ids.fireMain, Name: 'Пожарная безопасность: тест', PassMarks: 60, Duration: 30, Passed: false, Result: 33.3 },
        { ID: ids.fireExtra, Name: 'Первичные средства пожаротушения', PassMarks: 60, Duration: 30, Passed: false, Result: null },
      ]);
      expect(fire).toMatchObject({ Completed: false, Studyhour: 6, Date: null, Number: 2 });
      expect(electric).toMatchObject({ Completed: false, Studyhour: 2 });
      expect(electric.Tests).toEqual([
        { ID: ids.electricTest, Name: 'Электробезопасность: тест', PassMarks: 60, Duration: 30, Passed: false, Result: null },
      ]);
      expect(practice).toMatchObject({ TypeID: 9, Studyhour: 2.5, Completed: true });
      expect(practice.Tests).toEqual([
        { ID: ids.practiceTest, Name: 'Практика: тест', PassMarks: 60, Duration: 30, Passed: true, Result: 90 },
      ]);
      // a topic without tests is never completed
      expect(noTests).toMatchObject({ TypeID: 9, Studyhour: 1.5, Tests: [], Completed: false });
    });

    it('counts hours of completed topics per type, the percent with one decimal', async () => {
      const body = (await get('/api/subject/plantopics', tokens.ann)).json();
      expect(body.statistic).toEqual([
        { Typeid: 9, Name: TYPE_NAMES.ru[0], TotalHour: 4, Hour: 2.5, Percent: 62.5 },
        { Typeid: 10, Name: TYPE_NAMES.ru[1], TotalHour: 12, Hour: 4, Percent: 33.3 },
      ]);
      expect(body.exam).toEqual(NO_EXAM);
    });

    it('shows another trainee of the same plan only their own results', async () => {
      const body = (await get('/api/subject/plantopics', tokens.ben)).json();
      const fire = body.data.find((row: { ID: number }) => row.ID === ids.fire);
      expect(fire.Completed).toBe(true);
      expect(fire.Tests.map((x: { Passed: boolean; Result: number }) => [x.Passed, x.Result])).toEqual([
        [true, 100],
        [true, 100],
      ]);
      const safety = body.data.find((row: { ID: number }) => row.ID === ids.safety);
      expect(safety.Tests.map((x: { Passed: boolean; Result: number | null }) => [x.Passed, x.Result])).toEqual([
        [false, null],
        [false, null],
      ]);
      expect(body.statistic.map((s: { Hour: number; Percent: number }) => [s.Hour, s.Percent])).toEqual([
        [0, 0],
        [6, 50],
      ]);
      expect(body.data.some((row: { ID: number }) => row.ID === ids.otherTopic)).toBe(false);
    });

    it('moves the numbers when a new result is recorded', async () => {
      await attempt(ids.ann, ids.fireMain, 3, 3, true);
      await attempt(ids.ann, ids.fireExtra, 2, 3, true);
      const body = (await get('/api/subject/plantopics', tokens.ann)).json();
      const fire = body.data.find((row: { ID: number }) => row.ID === ids.fire);
      expect(fire.Completed).toBe(true);
      expect(fire.Tests.map((x: { Result: number }) => x.Result)).toEqual([100, 66.7]);
      expect(body.statistic[1]).toEqual({ Typeid: 10, Name: TYPE_NAMES.ru[1], TotalHour: 12, Hour: 10, Percent: 83.3 });
    });

    it('answers a trainee without a plan with no topics and zero statistics', async () => {
      const response = await get('/api/subject/plantopics', tokens.cat);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: true,
        message: '',
        data: [],
        statistic: [
          { Typeid: 9, Name: TYPE_NAMES.ru[0], TotalHour: 0, Hour: 0, Percent: 0 },
          { Typeid: 10, Name: TYPE_NAMES.ru[1], TotalHour: 0, Hour: 0, Percent: 0 },
        ],
        exam: NO_EXAM,
      });
    });

    it('names the topic types in the caller’s language', async () => {
      for (const language of ['kk', 'en'] as const) {
        const body = (await get('/api/subject/plantopics', tokens.cat, language)).json();
        expect(body.statistic.map((s: { Name: string }) => s.Name)).toEqual(TYPE_NAMES[language]);
      }
    });
  });

  describe('the demo trainee', () => {
    it('follows the demo plan with topics of both types, each with a test', async () => {
      const token = await t.tokenOf(Role.Trainee);
      const info = (await get('/api/userinfo', token)).json().data;
      const demo = DEMO_ACCOUNTS.find((a) => a.role === Role.Trainee)!;
      expect(info.Fullname).toBe(demo.name.join(' '));
      expect(info.Position).toEqual({ Name: demo.duty });
      expect(info.Plans).toHaveLength(1);
      expect(info.Plans[0]).toMatchObject({ Name: 'Охрана труда и промышленная безопасность', Types: 11, EduTypeName: EDU_NAMES.ru });
      expect(info.Plans[0].Duty).toContain(demo.duty);

      const body = (await get('/api/subject/plantopics', token)).json();
      expect(body.data.length).toBeGreaterThanOrEqual(4);
      expect(new Set(body.data.map((row: { TypeID: number }) => row.TypeID))).toEqual(new Set([9, 10]));
      for (const row of body.data) {
        expect(row.Tests.length, row.Topic).toBeGreaterThan(0);
        expect(row.TextOne, row.Topic).not.toBe('');
      }
      // before the exam held two days ago they passed every topic's test but the last one's
      expect(body.data.filter((row: { Completed: boolean }) => row.Completed)).toHaveLength(body.data.length - 1);
      for (const stat of body.statistic) {
        expect(stat.TotalHour).toBeGreaterThan(0);
        expect(stat.Hour).toBeLessThanOrEqual(stat.TotalHour);
      }
      expect(body.statistic.some((stat: { Percent: number }) => stat.Percent > 0)).toBe(true);
    });
  });

  describe('refusals', () => {
    it('asks callers without a token to sign in', async () => {
      for (const url of ['/api/userinfo', '/api/subject/plantopics']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({ status: false, message: 'Войдите в систему' });
      }
    });

    it('refuses staff and region accounts: the plan is the trainee’s own', async () => {
      for (const role of [Role.Admin, Role.Teacher, Role.Examiner, Role.Region]) {
        for (const url of ['/api/userinfo', '/api/subject/plantopics']) {
          const response = await get(url, await t.tokenOf(role));
          expect(response.statusCode, `${url} as ${role}`).toBe(403);
          expect(response.json()).toEqual({ status: false, message: 'Недостаточно прав для этого действия' });
        }
      }
      const kazakh = await get('/api/userinfo', await t.tokenOf(Role.Admin), 'kk');
      expect(kazakh.json()).toEqual({ status: false, message: 'Бұл әрекетке құқығыңыз жеткіліксіз' });
    });

    it('stops answering once the session is revoked', async () => {
      const eve = await person('Ершова Ева', 'Оператор', 'Цех №1', ids.plan);
      await t.db.deleteFrom('sessions').where('user_id', '=', eve.id).execute();
      const response = await get('/api/subject/plantopics', eve.token);
      expect(response.statusCode).toBe(401);
    });
  });
});

import fs from 'node:fs/promises';
import { PAGE_SIZE, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import {
  DISTANCE,
  IN_PERSON,
  insertAnswer,
  insertAttempt,
  insertQuestion,
  insertTest,
  PRODUCTION,
  storeImage,
  THEORY,
} from '../../test/catalogue.js';
import { nextIin } from '../../test/factories.js';
import { auditOf, expectRefused, NOT_ADMIN } from '../../test/http.js';

const NOT_FOUND = { status: false, message: 'Тема не найдена' };
const UNKNOWN_PLAN = { status: false, message: 'Выбранный план обучения не найден' };
const UNKNOWN_TYPE = { status: false, message: 'Такого типа обучения нет в справочнике' };
const UNKNOWN_EDU_TYPE = { status: false, message: 'Такого вида обучения нет в справочнике' };

describe('topics (themes)', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  let planA: number;
  let planB: number;

  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(adminToken), ...headers } });
  const createPlan = async (Name: string) => (await asAdmin('POST', '/api/subject/newplan', { Name })).json().data.ID as number;
  const createTopic = async (payload: Record<string, unknown>) => {
    const response = await asAdmin('POST', '/api/subject/newtopic', { TypeID: THEORY, EduType: IN_PERSON, ...payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.ID as number;
  };
  const getTopic = async (id: number) => (await asAdmin('GET', `/api/subject/gettopic/${id}`)).json().data;
  const listTopics = async (query: string) => {
    const response = await asAdmin('GET', `/api/subject/gettopics?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const testPlans = async (ids: number[]) =>
    (await t.db.selectFrom('tests').select(['id', 'plan_id']).where('id', 'in', ids).orderBy('id').execute()).map((r) => r.plan_id);

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    adminId = await t.idOf(Role.Admin);
    planA = await createPlan('Темы: план А');
    planB = await createPlan('Темы: план Б');
  });
  afterAll(() => t.close());

  const full = {
    IDNumber: '1.2',
    Name: 'Средства индивидуальной защиты',
    Position: 2,
    Description: 'Выбор и применение СИЗ',
    Thematic: 'Защита органов дыхания',
    TextOne: 'Вводная часть, практическая часть, контроль',
    TextTwo: 'Классы СИЗ и их маркировка',
    TextThree: 'Противогаз, респиратор',
    TextFour: 'Плакаты, видеофильм',
    TotalHour: 2.5,
    TypeID: PRODUCTION,
    EduType: DISTANCE,
    Date: '2026-12-01T10:00:00+06:00',
  };

  it('creates a topic with every field and reads it back', async () => {
    const created = await asAdmin('POST', '/api/subject/newtopic', { PlanID: planA, ...full });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ status: true, message: 'Тема создана', data: { ID: expect.any(Number) } });
    const id = created.json().data.ID;
    await insertTest(t.db, planA, id);

    const one = await asAdmin('GET', `/api/subject/gettopic/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      status: true,
      message: '',
      data: {
        ID: id,
        PlanID: planA,
        Plan: 'Темы: план А',
        Name: full.Name,
        Topic: full.Name,
        Number: 2,
        Position: 2,
        IDNumber: '1.2',
        Description: full.Description,
        Thematic: full.Thematic,
        TextOne: full.TextOne,
        TextTwo: full.TextTwo,
        TextThree: full.TextThree,
        TextFour: full.TextFour,
        TotalHour: 2.5,
        Studyhour: 2.5,
        TypeID: PRODUCTION,
        EduType: DISTANCE,
        Date: '2026-12-01T04:00:00.000Z',
        Testcount: 1,
      },
    });
    expect(await auditOf(t, id, 'topic.')).toEqual([expect.objectContaining({ actor_id: adminId, action: 'topic.create' })]);
  });

  it('accepts the spec’s other spellings and fills defaults', async () => {
    const id = await createTopic({ planID: planA, Topic: 'Краткая тема', Number: '4', Studyhour: '1.5', IDNumber: 7 });
    expect(await getTopic(id)).toMatchObject({
      PlanID: planA,
      Name: 'Краткая тема',
      Position: 4,
      TotalHour: 1.5,
      IDNumber: '7',
      Description: '',
      TextOne: '',
      Date: null,
      Testcount: 0,
    });
    const minimal = await createTopic({ PlanID: planA, Name: 'Минимальная', Position: '', TotalHour: '' });
    expect(await getTopic(minimal)).toMatchObject({ Position: 0, TotalHour: 0, IDNumber: '', Date: null });
  });

  it('validates the fields with 400', async () => {
    for (const payload of [
      {},
      { PlanID: planA, Name: 'Без типов' },
      { PlanID: planA, Name: '', TypeID: THEORY, EduType: IN_PERSON },
      { PlanID: planA, Name: 'Часы', TypeID: THEORY, EduType: IN_PERSON, TotalHour: -1 },
      { PlanID: planA, Name: 'Порядок', TypeID: THEORY, EduType: IN_PERSON, Position: -1 },
      { PlanID: planA, Name: 'Дата', TypeID: THEORY, EduType: IN_PERSON, Date: '01.12.2026' },
      { PlanID: 'abc', Name: 'План', TypeID: THEORY, EduType: IN_PERSON },
    ]) {
      const response = await asAdmin('POST', '/api/subject/newtopic', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields.length).toBeGreaterThan(0);
    }
    expect((await asAdmin('GET', '/api/subject/gettopics?plan=abc')).statusCode).toBe(400);
  });

  it('refuses an unknown plan, a wrong teaching type or a wrong education type with 422', async () => {
    const before = (await t.db.selectFrom('topics').select('id').execute()).length;
    const cases = [
      [{ PlanID: 999999 }, UNKNOWN_PLAN],
      [{ TypeID: IN_PERSON }, UNKNOWN_TYPE],
      [{ TypeID: 999999 }, UNKNOWN_TYPE],
      [{ EduType: PRODUCTION }, UNKNOWN_EDU_TYPE],
      [{ EduType: 999999 }, UNKNOWN_EDU_TYPE],
    ] as const;
    for (const [change, refusal] of cases) {
      const response = await asAdmin('POST', '/api/subject/newtopic', {
        PlanID: planA,
        Name: 'Не будет',
        TypeID: THEORY,
        EduType: IN_PERSON,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json()).toEqual(refusal);
    }
    const kazakh = await asAdmin(
      'POST',
      '/api/subject/newtopic',
      { PlanID: 999999, Name: 'x', TypeID: THEORY, EduType: IN_PERSON },
      { 'accept-language': 'kk' },
    );
    expect(kazakh.json()).toEqual({ status: false, message: 'Таңдалған оқу жоспары табылмады' });
    expect((await t.db.selectFrom('topics').select('id').execute()).length).toBe(before);
  });

  it('updates a topic; a missing Date keeps the time, null clears it', async () => {
    const id = await createTopic({ PlanID: planA, ...full, Name: 'Редактируемая' });
    const changed = {
      PlanID: planA,
      ...full,
      Name: 'Отредактированная',
      TotalHour: 3,
      Position: 5,
      TypeID: THEORY,
      EduType: IN_PERSON,
      TextFour: 'Тренажёр',
    };
    const { Date: _date, ...withoutDate } = changed;
    const response = await asAdmin('PUT', `/api/subject/updatetopic/${id}`, withoutDate);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Тема сохранена' });
    expect(await getTopic(id)).toMatchObject({
      Name: 'Отредактированная',
      TotalHour: 3,
      Position: 5,
      TypeID: THEORY,
      EduType: IN_PERSON,
      TextFour: 'Тренажёр',
      Date: '2026-12-01T04:00:00.000Z',
    });
    expect((await asAdmin('PUT', `/api/subject/updatetopic/${id}`, { ...changed, Date: null })).statusCode).toBe(200);
    expect((await getTopic(id)).Date).toBeNull();
  });

  it('moves a topic to another plan together with its tests, in one go', async () => {
    const moving = await createTopic({ PlanID: planA, Name: 'Переезжающая' });
    const staying = await createTopic({ PlanID: planA, Name: 'Остающаяся' });
    const movingTests = [await insertTest(t.db, planA, moving), await insertTest(t.db, planA, moving)];
    const stayingTest = await insertTest(t.db, planA, staying);

    const response = await asAdmin('PUT', `/api/subject/updatetopic/${moving}`, {
      PlanID: planB,
      Name: 'Переезжающая',
      TypeID: THEORY,
      EduType: IN_PERSON,
    });
    expect(response.statusCode).toBe(200);
    expect(await getTopic(moving)).toMatchObject({ PlanID: planB, Plan: 'Темы: план Б', Testcount: 2 });
    expect(await testPlans(movingTests)).toEqual([planB, planB]);
    expect(await testPlans([stayingTest])).toEqual([planA]);
    expect(await auditOf(t, moving, 'topic.update')).toEqual([expect.objectContaining({ details: { from: planA, plan: planB } })]);
  });

  it('refuses a bad update with 404 or 422 and changes nothing', async () => {
    const id = await createTopic({ PlanID: planA, Name: 'Неизменная' });
    const test = await insertTest(t.db, planA, id);
    const before = await getTopic(id);
    for (const [change, refusal] of [
      [{ PlanID: 999999 }, UNKNOWN_PLAN],
      [{ TypeID: DISTANCE }, UNKNOWN_TYPE],
      [{ EduType: THEORY }, UNKNOWN_EDU_TYPE],
    ] as const) {
      const valid = { PlanID: planA, Name: 'Другая', TypeID: THEORY, EduType: IN_PERSON };
      const response = await asAdmin('PUT', `/api/subject/updatetopic/${id}`, { ...valid, ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(refusal);
    }
    expect(await getTopic(id)).toEqual(before);
    expect(await testPlans([test])).toEqual([planA]);
    const missing = await asAdmin('PUT', '/api/subject/updatetopic/999999', {
      PlanID: planA,
      Name: 'Нет',
      TypeID: THEORY,
      EduType: IN_PERSON,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    expect((await asAdmin('GET', '/api/subject/gettopic/999999')).json()).toEqual(NOT_FOUND);
    expect((await asAdmin('DELETE', '/api/subject/deletetopic/999999')).json()).toEqual(NOT_FOUND);
  });

  it('lists topics by plan name, then position, filtered by plan, type and text', async () => {
    const first = await createPlan('Список: Альфа');
    const second = await createPlan('Список: Бета');
    const b2 = await createTopic({ PlanID: second, Name: 'Бета вторая', Position: 2, TypeID: PRODUCTION });
    const a3 = await createTopic({ PlanID: first, Name: 'Альфа третья', Position: 3 });
    const a1 = await createTopic({ PlanID: first, Name: 'Альфа первая', Position: 1, TypeID: PRODUCTION, IDNumber: 'X-17' });
    const b1 = await createTopic({ PlanID: second, Name: 'Бета первая', Position: 1 });
    await insertTest(t.db, first, a1);
    await insertTest(t.db, first, a1);

    const mine = (rows: { ID: number }[]) => rows.map((r) => r.ID).filter((id) => [a1, a3, b1, b2].includes(id));
    const all = await listTopics(`search=${encodeURIComponent('первая')}`);
    expect(mine(all.data)).toEqual([a1, b1]);
    const byPlan = await listTopics(`plan=${first}`);
    expect(byPlan).toMatchObject({ status: true, message: '', pages: 1, total: 2 });
    expect(byPlan.data.map((r: { ID: number; Testcount: number }) => [r.ID, r.Testcount])).toEqual([
      [a1, 2],
      [a3, 0],
    ]);
    expect(mine((await listTopics(`search=${encodeURIComponent('а')}`)).data)).toEqual([a1, a3, b1, b2]);
    const production = await listTopics(`type=${PRODUCTION}&search=${encodeURIComponent('Бета')}`);
    expect(production.data.map((r: { ID: number }) => r.ID)).toEqual([b2]);
    const byNumber = await listTopics('search=x-17');
    expect(byNumber.data.map((r: { ID: number; Plan: string }) => [r.ID, r.Plan])).toEqual([[a1, 'Список: Альфа']]);
    expect(await listTopics(`plan=${first}&type=${THEORY}`)).toMatchObject({ total: 1, data: [{ ID: a3 }] });
    expect(await listTopics('plan=999999')).toEqual({ status: true, message: '', data: [], pages: 1, total: 0 });
  });

  it('pages the list, 20 a page', async () => {
    const plan = await createPlan('Страничные темы');
    for (let i = PAGE_SIZE; i >= 0; i -= 1) await createTopic({ PlanID: plan, Name: `Страничная ${i}`, Position: i });
    const first = await listTopics(`plan=${plan}`);
    expect(first).toMatchObject({ pages: 2, total: PAGE_SIZE + 1 });
    expect(first.data.map((r: { Position: number }) => r.Position)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => i));
    const second = await listTopics(`plan=${plan}&page=2`);
    expect(second.data.map((r: { Position: number }) => r.Position)).toEqual([PAGE_SIZE]);
    expect(await listTopics(`plan=${plan}&page=3`)).toEqual({ status: true, message: '', data: [], pages: 2, total: PAGE_SIZE + 1 });
  });

  describe('deleting', () => {
    it('refuses a topic whose tests have results with 409, saying how many, and removes nothing', async () => {
      const id = await createTopic({ PlanID: planA, Name: 'С результатами' });
      const test = await insertTest(t.db, planA, id);
      const question = await insertQuestion(t.db, test);
      const trainee = (
        await asAdmin('POST', '/api/user/new', { IIN: nextIin(), Password: 'Topic2026', Fullname: 'Темов Сдавший', PlanID: planA })
      ).json().user.ID;
      const attempt = await insertAttempt(t.db, trainee, test);
      await insertAnswer(t.db, attempt, question);

      const refused = await asAdmin('DELETE', `/api/subject/deletetopic/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        status: false,
        message: 'Тему нельзя удалить: по её тестам есть результаты обучающихся (результатов: 1). Результаты не удаляются',
      });
      const english = await asAdmin('DELETE', `/api/subject/deletetopic/${id}`, undefined, { 'accept-language': 'en' });
      expect(english.json().message).toBe('The topic cannot be deleted: its tests have trainee results (1). Results are never deleted');
      expect(await getTopic(id)).toMatchObject({ ID: id, Testcount: 1 });
      expect(await t.db.selectFrom('questions').select('id').where('id', '=', question).execute()).toHaveLength(1);
      expect(await t.db.selectFrom('attempt_answers').select('question_id').where('attempt_id', '=', attempt).execute()).toHaveLength(1);
      await expect(t.db.deleteFrom('topics').where('id', '=', id).execute()).rejects.toThrow();
    });

    it('deletes a topic without results with its tests, questions and their images', async () => {
      const id = await createTopic({ PlanID: planB, Name: 'Удаляемая', TotalHour: 4 });
      const other = await createTopic({ PlanID: planB, Name: 'Соседняя', TotalHour: 1 });
      const tests = [await insertTest(t.db, planB, id), await insertTest(t.db, planB, id)];
      const otherTest = await insertTest(t.db, planB, other);
      const ownImage = 'questions/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png';
      const sharedImage = 'questions/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png';
      const [ownFile, sharedFile] = [await storeImage(t, ownImage), await storeImage(t, sharedImage)];
      for (const [test, image] of [
        [tests[0]!, ownImage],
        [tests[1]!, sharedImage],
        [otherTest, sharedImage],
      ] as const) {
        await insertQuestion(t.db, test, { image_key: image, image_name: 'q.png' });
      }
      const planBefore = (await asAdmin('GET', `/api/subject/getplan/${planB}`)).json().data;

      const deleted = await asAdmin('DELETE', `/api/subject/deletetopic/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ status: true, message: 'Тема удалена вместе с её тестами', archived: false });
      expect((await asAdmin('GET', `/api/subject/gettopic/${id}`)).statusCode).toBe(404);
      expect(await t.db.selectFrom('tests').select('id').where('id', 'in', tests).execute()).toEqual([]);
      expect(await t.db.selectFrom('questions').select('id').where('test_id', 'in', tests).execute()).toEqual([]);
      await expect(fs.access(ownFile)).rejects.toThrow();
      // another question still shows this one
      await expect(fs.access(sharedFile)).resolves.toBeUndefined();
      expect(await getTopic(other)).toMatchObject({ Testcount: 1 });
      const planAfter = (await asAdmin('GET', `/api/subject/getplan/${planB}`)).json().data;
      expect(planAfter.Topiccount).toBe(planBefore.Topiccount - 1);
      expect(planAfter.Totalhour).toBe(planBefore.Totalhour - 4);
    });
  });

  it('lets only administrators use the topic calls', async () => {
    const id = await createTopic({ PlanID: planA, Name: 'Только для администратора' });
    const body = { PlanID: planA, Name: 'Нет', TypeID: THEORY, EduType: IN_PERSON };
    await expectRefused(t, NOT_ADMIN, [
      ['GET', '/api/subject/gettopics'],
      ['GET', `/api/subject/gettopic/${id}`],
      ['POST', '/api/subject/newtopic', body],
      ['PUT', `/api/subject/updatetopic/${id}`, body],
      ['DELETE', `/api/subject/deletetopic/${id}`],
    ]);
    expect((await getTopic(id)).Name).toBe('Только для администратора');
  });
});

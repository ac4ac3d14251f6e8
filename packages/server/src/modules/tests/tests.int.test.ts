import { PAGE_SIZE, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import {
  FAILED,
  insertAnswer,
  insertAttempt,
  insertPlan,
  insertQuestion,
  insertTopic,
  RUNNING,
  someUserIds,
} from '../../test/catalogue.js';
import { facePhoto, tinyPng } from '../../test/factories.js';
import { auditOf, expectRefused } from '../../test/http.js';
import { filePart, postMultipart } from '../../test/multipart.js';

const NO_TEST = { status: false, message: 'Тест не найден' };

describe('tests (tests module)', () => {
  let t: TestApp;
  let adminToken: string;
  let planId: number;
  let otherPlanId: number;
  let topicId: number;
  let secondTopicId: number;
  let otherTopicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    planId = await insertPlan(t.db, 'Охрана труда для операторов');
    otherPlanId = await insertPlan(t.db, 'Промышленная безопасность');
    topicId = await insertTopic(t.db, planId, 'Средства индивидуальной защиты', { position: 1 });
    secondTopicId = await insertTopic(t.db, planId, 'Первая помощь', { position: 2 });
    otherTopicId = await insertTopic(t.db, otherPlanId, 'Сосуды под давлением', { position: 1 });
  });
  afterAll(() => t.close());

  const call = (method: InjectOptions['method'], url: string, payload?: object, token = adminToken, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });
  const newTest = async (fields: Record<string, unknown> = {}, token = adminToken) => {
    const response = await call('POST', '/api/exam/newtest', { Name: 'Тест по СИЗ', PlanID: planId, TopicID: topicId, ...fields }, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.ID as number;
  };
  const getTest = async (id: number) => {
    const response = await call('GET', `/api/exam/gettest/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const QUESTION = { QuestionText: 'Что на фото?', VariantA: 'Каска', VariantB: 'Перчатки', VariantC: 'Очки', VariantD: 'Респиратор' };
  /** A question of the test with a photo uploaded through POST /uploadI. */
  const questionWithPhoto = async (testId: number, data: Buffer, filename: string) => {
    const questionId = (await call('POST', '/api/question/new', { TestID: testId, ...QUESTION })).json().data.ID as number;
    const photo = await postMultipart(
      t.app,
      '/uploadI',
      [{ name: 'QuestionID', value: String(questionId) }, filePart(data, filename)],
      adminToken,
    );
    expect(photo.statusCode, photo.body).toBe(200);
    return { questionId, path: photo.json().data.Path as string };
  };
  const list = async (query: string) => {
    const response = await call('GET', `/api/exam/gettests${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('creates a test with the form’s defaults and reads it back', async () => {
    const response = await call('POST', '/api/exam/newtest', { Name: ' Тест по СИЗ ', PlanID: planId, TopicID: topicId, Position: 4 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Тест создан', data: { ID: expect.any(Number) } });
    const id = response.json().data.ID;
    expect(await getTest(id)).toEqual({
      ID: id,
      Test: 'Тест по СИЗ',
      Name: 'Тест по СИЗ',
      Description: '',
      PlanID: planId,
      TopicID: topicId,
      Plan: 'Охрана труда для операторов',
      Topic: 'Средства индивидуальной защиты',
      Duration: 60,
      PassMarks: 0,
      Passmarks: 0,
      Questions: 0,
      Passed: 0,
      Attempts: 0,
      Type: false,
      // a position means nothing for a test that is not a webinar's
      Position: null,
      Date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('accepts the spec’s second spellings and keeps a webinar test’s position', async () => {
    const id = await newTest({
      Name: undefined,
      Test: 'Вебинарный тест',
      PlanID: undefined,
      planID: String(planId),
      TopicID: undefined,
      topicID: secondTopicId,
      Passmarks: '70',
      Duration: '45',
      Description: 'После вебинара',
      Type: true,
      Position: 2,
    });
    expect(await getTest(id)).toMatchObject({
      Name: 'Вебинарный тест',
      TopicID: secondTopicId,
      Topic: 'Первая помощь',
      PassMarks: 70,
      Passmarks: 70,
      Duration: 45,
      Description: 'После вебинара',
      Type: true,
      Position: 2,
    });
  });

  it('edits a test; turning it into a plain test clears its position', async () => {
    const id = await newTest({ Type: true, Position: 1 });
    const response = await call('PUT', `/api/exam/updatetest/${id}`, {
      Name: 'Тест по СИЗ (редакция 2)',
      PlanID: planId,
      TopicID: secondTopicId,
      Duration: 30,
      PassMarks: 80,
      Type: false,
      Position: 5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Изменения теста сохранены' });
    expect(await getTest(id)).toMatchObject({
      Name: 'Тест по СИЗ (редакция 2)',
      TopicID: secondTopicId,
      Duration: 30,
      PassMarks: 80,
      Type: false,
      Position: null,
    });
    const english = await call('PUT', `/api/exam/updatetest/${id}`, { Name: 'X', PlanID: planId, TopicID: topicId }, adminToken, {
      'accept-language': 'en',
    });
    expect(english.json()).toEqual({ status: true, message: 'Test changes saved' });
    // defaults apply again when the form leaves the fields empty
    expect(await getTest(id)).toMatchObject({ Name: 'X', Duration: 60, PassMarks: 0, Description: '' });
  });

  it('refuses invalid fields with 400, listing them', async () => {
    const cases: [object, string[]][] = [
      [{ PlanID: planId, TopicID: topicId }, ['Name']],
      [{ Name: '   ', PlanID: planId, TopicID: topicId }, ['Name']],
      [{ Name: 'T', PlanID: 'abc', TopicID: topicId }, ['PlanID']],
      [{ Name: 'T', PlanID: planId }, ['TopicID']],
      [{ Name: 'T', PlanID: planId, TopicID: topicId, PassMarks: 101 }, ['PassMarks']],
      [{ Name: 'T', PlanID: planId, TopicID: topicId, PassMarks: -1 }, ['PassMarks']],
      [{ Name: 'T', PlanID: planId, TopicID: topicId, Duration: 0 }, ['Duration']],
      [{ Name: 'T', PlanID: planId, TopicID: topicId, Duration: 2.5 }, ['Duration']],
      [{ Name: 'T', PlanID: planId, TopicID: topicId, Type: true, Position: -1 }, ['Position']],
    ];
    for (const [payload, fields] of cases) {
      const response = await call('POST', '/api/exam/newtest', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(body.status).toBe(false);
      expect(body.message).toMatch(/^Проверьте поля: /);
      expect(body.fields.map((f: { path: string }) => f.path)).toEqual(fields);
    }
    const put = await call('PUT', `/api/exam/updatetest/${await newTest()}`, { Name: '' });
    expect(put.statusCode).toBe(400);
  });

  it('refuses a plan or topic that does not exist, or a topic of another plan, with 422', async () => {
    const noPlan = await call('POST', '/api/exam/newtest', { Name: 'T', PlanID: 999999, TopicID: topicId });
    expect(noPlan.statusCode).toBe(422);
    expect(noPlan.json()).toEqual({ status: false, message: 'Выбранный план обучения не найден' });
    const noTopic = await call('POST', '/api/exam/newtest', { Name: 'T', PlanID: planId, TopicID: 999999 });
    expect(noTopic.statusCode).toBe(422);
    expect(noTopic.json()).toEqual({ status: false, message: 'Выбранная тема не найдена' });
    const foreign = await call('POST', '/api/exam/newtest', { Name: 'T', PlanID: planId, TopicID: otherTopicId });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual({
      status: false,
      message: 'Тема «Сосуды под давлением» относится к другому плану обучения: выберите тему плана «Охрана труда для операторов»',
    });
    const id = await newTest();
    const update = await call('PUT', `/api/exam/updatetest/${id}`, { Name: 'T', PlanID: otherPlanId, TopicID: topicId }, adminToken, {
      'accept-language': 'kk',
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().message).toBe(
      '«Средства индивидуальной защиты» тақырыбы басқа оқу жоспарына жатады: «Промышленная безопасность» жоспарының тақырыбын таңдаңыз',
    );
    expect(await getTest(id)).toMatchObject({ PlanID: planId, TopicID: topicId });
  });

  it('answers 404 for a test that is not there and 400 for an id that is not a number', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/exam/gettest/999999'],
      ['PUT', '/api/exam/updatetest/999999', { Name: 'T', PlanID: planId, TopicID: topicId }],
      ['DELETE', '/api/exam/deletetest/999999'],
    ] as [InjectOptions['method'], string, object?][]) {
      const response = await call(method, url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(NO_TEST);
    }
    expect((await call('GET', '/api/exam/gettest/abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/exam/gettests?page=0')).statusCode).toBe(400);
  });

  it('lists tests a page at a time, in topic order, filtered by plan, topic and search', async () => {
    const plan = await insertPlan(t.db, 'План для списка');
    const first = await insertTopic(t.db, plan, 'Первая тема', { position: 1 });
    const second = await insertTopic(t.db, plan, 'Вторая тема', { position: 2 });
    // created second-topic first, so the order shown comes from the topics, not from creation
    const secondIds: number[] = [];
    for (let i = 1; i <= 5; i++) secondIds.push(await newTest({ Name: `Итоговый ${i}`, PlanID: plan, TopicID: second }));
    const firstIds: number[] = [];
    for (let i = 1; i <= 20; i++) firstIds.push(await newTest({ Name: `Входной ${i}`, PlanID: plan, TopicID: first }));

    const page1 = await list(`?plan=${plan}`);
    expect(page1).toMatchObject({ status: true, message: '', pages: 2, total: 25 });
    expect(page1.data).toHaveLength(PAGE_SIZE);
    expect(page1.data.map((d: { ID: number }) => d.ID)).toEqual(firstIds);
    const page2 = await list(`?plan=${plan}&page=2`);
    expect(page2.data.map((d: { ID: number }) => d.ID)).toEqual(secondIds);
    expect(page2).toMatchObject({ pages: 2, total: 25 });
    const beyond = await list(`?plan=${plan}&page=9`);
    expect(beyond).toMatchObject({ data: [], pages: 2, total: 25 });

    const byTopic = await list(`?topic=${second}`);
    expect(byTopic.data.map((d: { ID: number }) => d.ID)).toEqual(secondIds);
    expect(byTopic.data[0]).toMatchObject({ Plan: 'План для списка', Topic: 'Вторая тема', Questions: 0, Passed: 0, Attempts: 0 });
    const searched = await list(`?plan=${plan}&search=${encodeURIComponent('итоговый 3')}`);
    expect(searched.data.map((d: { Name: string }) => d.Name)).toEqual(['Итоговый 3']);
    const byTopicName = await list(`?search=${encodeURIComponent('Вторая тем')}`);
    expect(byTopicName.total).toBe(5);
    expect(await list(`?search=${encodeURIComponent('%_нет такого')}`)).toMatchObject({ data: [], pages: 1, total: 0 });
    expect(await list(`?plan=999999`)).toMatchObject({ data: [], pages: 1, total: 0 });
  });

  it('counts live questions, trainees who passed and attempts, on the list and on one test', async () => {
    const id = await newTest({ Name: 'Тест со счётчиками' });
    const other = await newTest({ Name: 'Соседний тест' });
    await insertQuestion(t.db, id);
    await insertQuestion(t.db, id);
    await insertQuestion(t.db, id, { archived_at: new Date() });
    await insertQuestion(t.db, other);
    const [u1, u2, u3] = await someUserIds(t.db, 3);
    await insertAttempt(t.db, u1, id);
    await insertAttempt(t.db, u1, id); // a second pass by the same trainee counts once
    await insertAttempt(t.db, u2, id, FAILED);
    await insertAttempt(t.db, u3, id, RUNNING); // still running
    await insertAttempt(t.db, u2, other);

    expect(await getTest(id)).toMatchObject({ Questions: 2, Passed: 1, Attempts: 4 });
    expect(await getTest(other)).toMatchObject({ Questions: 1, Passed: 1, Attempts: 1 });
    const listed = (await list(`?topic=${topicId}&search=${encodeURIComponent('счётчиками')}`)).data;
    expect(listed).toEqual([expect.objectContaining({ ID: id, Questions: 2, Passed: 1, Attempts: 4 })]);
  });

  it('refuses to delete a test with attempts, saying how many, and keeps it', async () => {
    const id = await newTest({ Name: 'Тест с результатами' });
    const [u1, u2] = await someUserIds(t.db, 2);
    await insertAttempt(t.db, u1, id);
    await insertAttempt(t.db, u2, id, FAILED);
    await insertAttempt(t.db, u2, id, RUNNING);
    const refused = await call('DELETE', `/api/exam/deletetest/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: false,
      message: 'Тест нельзя удалить: по нему уже есть результаты (попыток: 3). Результаты обучения не удаляются',
    });
    const english = await call('DELETE', `/api/exam/deletetest/${id}`, undefined, adminToken, { 'accept-language': 'en' });
    expect(english.json().message).toBe(
      'The test cannot be deleted: it already has results (attempts: 3). Training results are never deleted',
    );
    expect(await getTest(id)).toMatchObject({ ID: id, Attempts: 3 });
    // the database itself keeps a test with attempts, whoever deletes it (migration 202612030001)
    await expect(t.db.deleteFrom('tests').where('id', '=', id).execute()).rejects.toMatchObject({
      code: '23001',
      constraint: 'attempts_test_id_fkey',
    });
  });

  it('deletes a test without attempts together with its questions and their photos', async () => {
    const id = await newTest({ Name: 'Тест на удаление' });
    const { questionId, path } = await questionWithPhoto(id, tinyPng(), 'p.png');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    const response = await call('DELETE', `/api/exam/deletetest/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Тест удалён', archived: false });
    expect((await call('GET', `/api/exam/gettest/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/question/getquestion/${questionId}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('questions').select('id').where('test_id', '=', id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/exam/deletetest/${id}`)).statusCode).toBe(404);
  });

  it('keeps a photo that an answered question in another test still shows', async () => {
    const oldTest = await newTest({ Name: 'Старый тест' });
    const newTestId = await newTest({ Name: 'Новый тест' });
    const { questionId, path } = await questionWithPhoto(oldTest, facePhoto('jesper.jpg'), 'helmet.jpg');
    const [trainee] = await someUserIds(t.db, 1);
    await insertAnswer(t.db, await insertAttempt(t.db, trainee, oldTest), questionId);

    const moved = await call('PUT', `/api/question/updatequestion/${questionId}`, { TestID: newTestId, ...QUESTION });
    const copyId = moved.json().data.ID;
    expect(copyId).not.toBe(questionId);
    expect((await call('GET', `/api/question/getquestion/${copyId}`)).json().data.Image).toEqual({ ID: copyId, Path: path });

    expect((await call('DELETE', `/api/exam/deletetest/${newTestId}`)).statusCode).toBe(200);
    // the archived original in the old test still shows the photo in the results
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/exam/deletetest/${oldTest}`)).statusCode).toBe(409);
  });

  it('lets teachers and examiners manage tests; trainees and audience accounts are refused', async () => {
    for (const role of [Role.Teacher, Role.Examiner]) {
      const token = await t.tokenOf(role);
      const id = await newTest({ Name: `Тест роли ${role}` }, token);
      expect((await call('GET', `/api/exam/gettest/${id}`, undefined, token)).statusCode).toBe(200);
      expect((await call('GET', '/api/exam/gettests', undefined, token)).statusCode).toBe(200);
      expect((await call('PUT', `/api/exam/updatetest/${id}`, { Name: 'T', PlanID: planId, TopicID: topicId }, token)).statusCode).toBe(
        200,
      );
      expect((await call('DELETE', `/api/exam/deletetest/${id}`, undefined, token)).statusCode).toBe(200);
    }
    const id = await newTest();
    await expectRefused(
      t,
      [Role.Trainee, Role.Region],
      [
        ['GET', '/api/exam/gettests'],
        ['POST', '/api/exam/newtest', { Name: 'T', PlanID: planId, TopicID: topicId }],
        ['PUT', `/api/exam/updatetest/${id}`, { Name: 'T', PlanID: planId, TopicID: topicId }],
        ['DELETE', `/api/exam/deletetest/${id}`],
      ],
    );
    // one test: a trainee reads only the tests of their own plan, through the testing engine
    await expectRefused(t, [Role.Region], [['GET', `/api/exam/gettest/${id}`]]);
    expect((await call('GET', `/api/exam/gettest/${id}`, undefined, await t.tokenOf(Role.Trainee))).statusCode).toBe(404);
    expect(await getTest(id)).toMatchObject({ ID: id });
  });

  it('records who created, changed and deleted tests', async () => {
    const id = await newTest({ Name: 'Тест для журнала' });
    await call('PUT', `/api/exam/updatetest/${id}`, { Name: 'Тест для журнала 2', PlanID: planId, TopicID: topicId });
    await call('DELETE', `/api/exam/deletetest/${id}`);
    expect((await auditOf(t, id, 'test.')).map((a) => a.action)).toEqual(['test.create', 'test.update', 'test.delete']);
  });
});

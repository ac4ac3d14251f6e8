import { PAGE_SIZE, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertAnswer, insertAttempt, insertPlan, insertTest, insertTopic, someUserIds } from '../../test/catalogue.js';
import { facePhoto, tinyPng } from '../../test/factories.js';
import { auditOf, expectRefused, FORBIDDEN, SIGN_IN_FIRST } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';

const NO_QUESTION = { status: false, message: 'Вопрос не найден' };
const NO_TEST = { status: false, message: 'Выбранный тест не найден' };
const QUESTION_PHOTO = /^\/files\/questions\/[0-9a-f]{32}\.(jpg|png)$/;

const fields = (overrides: Record<string, unknown> = {}) => ({
  QuestionText: 'Какой цвет у знака «Выход»?',
  VariantA: 'Зелёный',
  VariantB: 'Красный',
  VariantC: 'Жёлтый',
  VariantD: 'Синий',
  ...overrides,
});

describe('questions (questions module)', () => {
  let t: TestApp;
  let adminToken: string;
  let planId: number;
  let topicId: number;
  let testId: number;
  let otherTestId: number;

  const call = (method: InjectOptions['method'], url: string, payload?: object, token = adminToken, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });
  const createTest = (name: string) => insertTest(t.db, planId, topicId, name);
  const create = async (overrides: Record<string, unknown> = {}, token = adminToken) => {
    const response = await call('POST', '/api/question/new', { TestID: testId, ...fields(overrides) }, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.ID as number;
  };
  const getQuestion = async (id: number) => {
    const response = await call('GET', `/api/question/getquestion/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const list = async (query: string, token = adminToken) => {
    const response = await call('GET', `/api/question/getquestions${query}`, undefined, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const idsOf = (page: { data: { ID: number }[] }) => page.data.map((q) => q.ID);
  const questionCount = async (test: number) => (await call('GET', `/api/exam/gettest/${test}`)).json().data.Questions;
  const upload = (parts: MultipartPart[], token = adminToken) => postMultipart(t.app, '/uploadI', parts, token);
  const photoPart = (data: Buffer, filename: string, contentType = 'image/jpeg') => filePart(data, filename, contentType);
  const served = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).statusCode;
  /** A finished attempt of `test` in which a trainee answered `questionId`. */
  const answer = async (test: number, questionId: number) => {
    const [trainee] = await someUserIds(t.db, 1);
    const attemptId = await insertAttempt(t.db, trainee, test);
    await insertAnswer(t.db, attemptId, questionId, 'A', true);
    return attemptId;
  };

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    planId = await insertPlan(t.db, 'Пожарная безопасность');
    topicId = await insertTopic(t.db, planId, 'Эвакуация', { position: 1 });
    testId = await createTest('Эвакуация: тест');
    otherTestId = await createTest('Огнетушители: тест');
  });
  afterAll(() => t.close());

  it('adds a question and reads it back with its correct answer, test and plan', async () => {
    const response = await call('POST', '/api/question/new', { TestID: testId, ...fields({ VariantE: 'Белый', CorrectAnswer: 'a' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Вопрос добавлен', data: { ID: expect.any(Number) } });
    const id = response.json().data.ID;
    expect(await getQuestion(id)).toEqual({
      ID: id,
      TestID: testId,
      Test: 'Эвакуация: тест',
      Plan: 'Пожарная безопасность',
      Question: 'Какой цвет у знака «Выход»?',
      QuestionText: 'Какой цвет у знака «Выход»?',
      Position: 0,
      VariantA: 'Зелёный',
      VariantB: 'Красный',
      VariantC: 'Жёлтый',
      VariantD: 'Синий',
      VariantE: 'Белый',
      VariantF: '',
      CorrectAnswer: 'A',
      Image: null,
    });
  });

  it('accepts the spec’s second spellings, defaults and a Cyrillic letter for the answer', async () => {
    const id = await create({ QuestionText: undefined, Question: 'Второе написание', testID: testId, CorrectAnswer: 'С', Position: '3' });
    expect(await getQuestion(id)).toMatchObject({ Question: 'Второе написание', TestID: testId, CorrectAnswer: 'C', Position: 3 });
    const defaults = await create({ CorrectAnswer: undefined, Position: '' });
    expect(await getQuestion(defaults)).toMatchObject({ CorrectAnswer: 'A', Position: 0, VariantE: '', VariantF: '' });
  });

  it('refuses invalid fields with 400, naming them', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ CorrectAnswer: 'E' }, 'CorrectAnswer', 'Правильный ответ', 'Правильный ответ указывает на пустой вариант'],
      [{ CorrectAnswer: 'F', VariantF: '   ' }, 'CorrectAnswer', 'Правильный ответ', 'Правильный ответ указывает на пустой вариант'],
      [{ CorrectAnswer: 'G' }, 'CorrectAnswer', 'Правильный ответ', 'Правильный ответ — одна из букв A, B, C, D, E, F'],
      [{ Position: -1 }, 'Position', 'Порядковый номер', 'Позиция — целое число не меньше 0'],
      [{ Position: 1.5 }, 'Position', 'Порядковый номер', 'Позиция — целое число не меньше 0'],
      [{ Position: 'первая' }, 'Position', 'Порядковый номер', 'Позиция — целое число не меньше 0'],
      [{ VariantA: undefined }, 'VariantA', 'Вариант A', 'Обязательное поле'],
      [{ VariantD: '  ' }, 'VariantD', 'Вариант D', 'Обязательное поле'],
      [{ QuestionText: '' }, 'QuestionText', 'Текст вопроса', 'Обязательное поле'],
    ];
    for (const [overrides, path, label, message] of cases) {
      const response = await call('POST', '/api/question/new', { TestID: testId, ...fields(overrides) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual({ status: false, message: `Проверьте поля: ${label} — ${message}`, fields: [{ path, message }] });
    }
    // a missing id is "required", a wrong one "wrong type": both are NaN to the coerced number
    const noTest = await call('POST', '/api/question/new', fields());
    expect(noTest.statusCode).toBe(400);
    expect(noTest.json()).toEqual({
      status: false,
      message: 'Проверьте поля: Тест — Обязательное поле',
      fields: [{ path: 'TestID', message: 'Обязательное поле' }],
    });
    const wrongTest = await call('POST', '/api/question/new', { TestID: 'первый', ...fields() });
    expect(wrongTest.statusCode).toBe(400);
    expect(wrongTest.json().fields).toEqual([{ path: 'TestID', message: 'Неверный тип значения' }]);
    const wrongAlias = await call('POST', '/api/question/new', { testID: 'первый', ...fields() });
    expect(wrongAlias.json().fields).toEqual([{ path: 'testID', message: 'Неверный тип значения' }]);
    const english = await call('POST', '/api/question/new', { TestID: testId, ...fields({ CorrectAnswer: 'E' }) }, adminToken, {
      'accept-language': 'en',
    });
    expect(english.json().fields).toEqual([{ path: 'CorrectAnswer', message: 'The correct answer points to an empty variant' }]);
    const update = await call('PUT', `/api/question/updatequestion/${await create()}`, { TestID: testId, ...fields({ Position: -5 }) });
    expect(update.statusCode).toBe(400);
  });

  it('refuses a test that does not exist with 422 and an unknown question with 404', async () => {
    const created = await call('POST', '/api/question/new', { TestID: 999999, ...fields() });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual(NO_TEST);
    const id = await create();
    const moved = await call('PUT', `/api/question/updatequestion/${id}`, { TestID: 999999, ...fields() });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toEqual(NO_TEST);
    expect((await getQuestion(id)).TestID).toBe(testId);

    for (const [method, url, payload] of [
      ['GET', '/api/question/getquestion/999999'],
      ['PUT', '/api/question/updatequestion/999999', { TestID: testId, ...fields() }],
      ['DELETE', '/api/question/deletequestion/999999'],
    ] as [InjectOptions['method'], string, object?][]) {
      const response = await call(method, url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(NO_QUESTION);
    }
    expect((await call('GET', '/api/question/getquestion/abc')).statusCode).toBe(400);
  });

  it('lists questions a page at a time by test, position and creation, with the spec’s ?id= and the other filters', async () => {
    const plan = await insertPlan(t.db, 'План списка вопросов');
    const topic = await insertTopic(t.db, plan, 'Тема списка');
    const otherTopic = await insertTopic(t.db, plan, 'Другая тема');
    const first = await insertTest(t.db, plan, topic, 'Первый тест списка');
    const second = await insertTest(t.db, plan, otherTopic, 'Второй тест списка');
    const inSecond = [await create({ TestID: second, QuestionText: 'Во втором тесте' })];
    const inFirst: number[] = [];
    for (let i = 0; i < 22; i++) inFirst.push(await create({ TestID: first, QuestionText: `Вопрос ${i}`, Position: i < 2 ? 5 : 1 }));
    // position 1 first (in creation order), then position 5
    const expected = [...inFirst.slice(2), ...inFirst.slice(0, 2)];

    const page1 = await list(`?id=${first}`);
    expect(page1).toMatchObject({ status: true, message: '', pages: 2, total: 22 });
    expect(idsOf(page1)).toEqual(expected.slice(0, PAGE_SIZE));
    const page2 = await list(`?id=${first}&page=2`);
    expect(idsOf(page2)).toEqual(expected.slice(PAGE_SIZE));
    expect(await list(`?id=${first}&page=5`)).toMatchObject({ data: [], pages: 2, total: 22 });
    expect(idsOf(await list(`?test=${second}`))).toEqual(inSecond);

    const byPlan = await list(`?plan=${plan}&page=2`);
    expect(byPlan).toMatchObject({ total: 23, pages: 2 });
    // ordered by test: the first test's questions, then the second's
    expect(idsOf(byPlan)).toEqual([...expected, ...inSecond].slice(PAGE_SIZE));
    expect(idsOf(await list(`?topic=${otherTopic}`))).toEqual(inSecond);
    const searched = await list(`?plan=${plan}&search=${encodeURIComponent('во втором')}`);
    expect(idsOf(searched)).toEqual(inSecond);
    expect((await list(`?search=${encodeURIComponent('Второй тест списка')}`)).total).toBe(1);
    expect(await list('?id=999999')).toMatchObject({ data: [], pages: 1, total: 0 });
    expect((await call('GET', '/api/question/getquestions?id=abc')).statusCode).toBe(400);
  });

  it('edits a question in place and keeps its ID', async () => {
    const id = await create();
    const response = await call('PUT', `/api/question/updatequestion/${id}`, {
      TestID: testId,
      ...fields({ QuestionText: 'Изменённый вопрос', VariantE: 'Пятый', VariantF: 'Шестой', CorrectAnswer: 'F', Position: 7 }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Изменения вопроса сохранены', data: { ID: id } });
    expect(await getQuestion(id)).toMatchObject({ QuestionText: 'Изменённый вопрос', VariantF: 'Шестой', CorrectAnswer: 'F', Position: 7 });
  });

  it('moves a question nobody answered to another test as it is', async () => {
    const id = await create({ QuestionText: 'Переезжаю без ответов' });
    const response = await call('PUT', `/api/question/updatequestion/${id}`, {
      TestID: otherTestId,
      ...fields({ QuestionText: 'Переехал' }),
    });
    expect(response.json()).toEqual({ status: true, message: 'Изменения вопроса сохранены', data: { ID: id } });
    expect(await getQuestion(id)).toMatchObject({ TestID: otherTestId, Test: 'Огнетушители: тест', QuestionText: 'Переехал' });
  });

  it('moves an answered question by copy: the original stays in the old test’s history, the copy gets a new ID', async () => {
    const source = await createTest('Источник');
    const target = await createTest('Получатель');
    const id = await create({ TestID: source, QuestionText: 'Отвеченный вопрос', CorrectAnswer: 'B' });
    const attemptId = await answer(source, id);

    const response = await call('PUT', `/api/question/updatequestion/${id}`, {
      TestID: target,
      ...fields({ QuestionText: 'Отвеченный вопрос (в новом тесте)', CorrectAnswer: 'B' }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: true,
      message:
        'На вопрос уже отвечали, поэтому в выбранный тест добавлена его копия; прежний вопрос остался в истории результатов старого теста',
      data: { ID: expect.any(Number) },
    });
    const copyId = body.data.ID;
    expect(copyId).not.toBe(id);
    expect(await getQuestion(copyId)).toMatchObject({
      TestID: target,
      QuestionText: 'Отвеченный вопрос (в новом тесте)',
      CorrectAnswer: 'B',
    });

    // the original: archived, still in the old test, still what the answer points at, and out of every list
    const original = await t.db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(original).toMatchObject({ test_id: source, text: 'Отвеченный вопрос', archived_at: expect.any(Date) });
    const answers = await t.db
      .selectFrom('attempt_answers')
      .select(['attempt_id', 'question_id'])
      .where('attempt_id', '=', attemptId)
      .execute();
    expect(answers).toEqual([{ attempt_id: attemptId, question_id: id }]);
    expect((await call('GET', `/api/question/getquestion/${id}`)).statusCode).toBe(404);
    expect(await list(`?id=${source}`)).toMatchObject({ data: [], total: 0 });
    expect(idsOf(await list(`?id=${target}`))).toEqual([copyId]);
    expect(await questionCount(source)).toBe(0);
    expect(await questionCount(target)).toBe(1);
    // an edit of the archived original is refused: it is history now
    expect((await call('PUT', `/api/question/updatequestion/${id}`, { TestID: source, ...fields() })).statusCode).toBe(404);
  });

  it('deletes a question nobody answered', async () => {
    const id = await create({ QuestionText: 'Удалить меня' });
    const response = await call('DELETE', `/api/question/deletequestion/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Вопрос удалён', archived: false });
    expect(await t.db.selectFrom('questions').select('id').where('id', '=', id).execute()).toEqual([]);
    expect((await call('DELETE', `/api/question/deletequestion/${id}`)).statusCode).toBe(404);
  });

  it('archives an answered question instead: it leaves lists and counts, the answer keeps pointing at it', async () => {
    const test = await createTest('Тест с архивом');
    const kept = await create({ TestID: test, QuestionText: 'Останется' });
    const id = await create({ TestID: test, QuestionText: 'Уйдёт в архив' });
    const attemptId = await answer(test, id);
    expect(await questionCount(test)).toBe(2);

    const response = await call('DELETE', `/api/question/deletequestion/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: 'На вопрос уже отвечали, поэтому он перенесён в архив: из теста он убран, ответы обучающихся сохранены',
      archived: true,
    });
    expect(idsOf(await list(`?id=${test}`))).toEqual([kept]);
    expect((await list(`?search=${encodeURIComponent('Уйдёт в архив')}`)).total).toBe(0);
    expect(await questionCount(test)).toBe(1);
    expect((await call('GET', `/api/question/getquestion/${id}`)).statusCode).toBe(404);
    const answers = await t.db.selectFrom('attempt_answers').select('question_id').where('attempt_id', '=', attemptId).execute();
    expect(answers).toEqual([{ question_id: id }]);
    const row = await t.db.selectFrom('questions').select(['archived_at', 'test_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ archived_at: expect.any(Date), test_id: test });
    // the database itself keeps an answered question, whoever deletes it (migration 202611220005)
    await expect(t.db.deleteFrom('questions').where('id', '=', id).execute()).rejects.toMatchObject({ code: '23001' });
    expect((await call('DELETE', `/api/question/deletequestion/${id}`)).statusCode).toBe(404);
    // and the test with that history cannot be deleted
    expect((await call('DELETE', `/api/exam/deletetest/${test}`)).statusCode).toBe(409);
  });

  describe('photo', () => {
    it('is attached by POST /uploadI with QuestionID, replaced by a second upload and removed with RemoveImage', async () => {
      const id = await create({ QuestionText: 'С фотографией' });
      const teacher = await t.tokenOf(Role.Teacher);
      const first = await upload([{ name: 'QuestionID', value: String(id) }, photoPart(facePhoto('jesper.jpg'), 'sign.jpg')], teacher);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        status: true,
        message: 'Фотография вопроса загружена',
        data: { ID: id, Path: expect.stringMatching(QUESTION_PHOTO) },
      });
      const firstPath = first.json().data.Path;
      expect(firstPath.endsWith('.jpg')).toBe(true);
      expect((await getQuestion(id)).Image).toEqual({ ID: id, Path: firstPath });
      const file = await t.app.inject({ method: 'GET', url: firstPath });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.rawPayload.equals(facePhoto('jesper.jpg'))).toBe(true);

      const examiner = await t.tokenOf(Role.Examiner);
      const second = await upload([photoPart(tinyPng(), 'sign.png', 'image/png'), { name: 'QuestionID', value: String(id) }], examiner);
      expect(second.statusCode).toBe(200);
      const secondPath = second.json().data.Path;
      expect(secondPath.endsWith('.png')).toBe(true);
      expect((await getQuestion(id)).Image).toEqual({ ID: id, Path: secondPath });
      expect(await served(firstPath)).toBe(404);
      expect(await served(secondPath)).toBe(200);

      // an edit without RemoveImage keeps the photo
      await call('PUT', `/api/question/updatequestion/${id}`, { TestID: testId, ...fields({ QuestionText: 'Всё ещё с фото' }) });
      expect((await getQuestion(id)).Image).toEqual({ ID: id, Path: secondPath });
      const removed = await call('PUT', `/api/question/updatequestion/${id}`, { TestID: testId, ...fields(), RemoveImage: true });
      expect(removed.statusCode).toBe(200);
      expect((await getQuestion(id)).Image).toBeNull();
      expect(await served(secondPath)).toBe(404);
    });

    it('is refused for trainees, audience accounts and anonymous callers, and for a question that is not there', async () => {
      const id = await create();
      for (const role of [Role.Trainee, Role.Region]) {
        const response = await upload(
          [{ name: 'QuestionID', value: String(id) }, photoPart(tinyPng(), 'p.png', 'image/png')],
          await t.tokenOf(role),
        );
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(FORBIDDEN);
      }
      const anonymous = await postMultipart(t.app, '/uploadI', [
        { name: 'QuestionID', value: String(id) },
        photoPart(tinyPng(), 'p.png', 'image/png'),
      ]);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(SIGN_IN_FIRST);
      // a teacher may picture questions, not people
      const [someone] = await someUserIds(t.db, 1);
      const person = await upload(
        [{ name: 'UserID', value: String(someone) }, photoPart(tinyPng(), 'p.png', 'image/png')],
        await t.tokenOf(Role.Teacher),
      );
      expect(person.statusCode).toBe(403);
      expect(person.json()).toEqual(FORBIDDEN);
      expect((await getQuestion(id)).Image).toBeNull();

      const unknown = await upload([{ name: 'QuestionID', value: '999999' }, photoPart(tinyPng(), 'p.png', 'image/png')]);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NO_QUESTION);
      const bad = await upload([{ name: 'QuestionID', value: 'abc' }, photoPart(tinyPng(), 'p.png', 'image/png')]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: false, message: 'Укажите, к чему относится фотография (UserID)' });
      const notImage = await upload([{ name: 'QuestionID', value: String(id) }, photoPart(Buffer.from('not a picture'), 'p.jpg')]);
      expect(notImage.statusCode).toBe(415);
      expect(notImage.json()).toEqual({ status: false, message: 'Допустимы только изображения JPEG и PNG' });
      expect(await t.db.selectFrom('questions').select('image_key').where('id', '=', id).executeTakeFirst()).toEqual({ image_key: null });
    });

    it('stays with the archived original when an answered question is deleted', async () => {
      const test = await createTest('Тест с фото в архиве');
      const id = await create({ TestID: test });
      const path = (await upload([{ name: 'QuestionID', value: String(id) }, photoPart(tinyPng(3), 'p.png', 'image/png')])).json().data
        .Path;
      await answer(test, id);
      expect((await call('DELETE', `/api/question/deletequestion/${id}`)).json().archived).toBe(true);
      expect(await served(path)).toBe(200);
      const other = await create();
      const otherPath = (await upload([{ name: 'QuestionID', value: String(other) }, photoPart(tinyPng(4), 'p.png', 'image/png')])).json()
        .data.Path;
      expect((await call('DELETE', `/api/question/deletequestion/${other}`)).json().archived).toBe(false);
      expect(await served(otherPath)).toBe(404);
    });
  });

  it('lets teachers and examiners manage questions; trainees and audience accounts are refused', async () => {
    for (const role of [Role.Teacher, Role.Examiner]) {
      const token = await t.tokenOf(role);
      const id = await create({ QuestionText: `Вопрос роли ${role}` }, token);
      expect((await call('GET', `/api/question/getquestion/${id}`, undefined, token)).statusCode).toBe(200);
      expect((await list(`?id=${testId}`, token)).total).toBeGreaterThan(0);
      expect((await call('PUT', `/api/question/updatequestion/${id}`, { TestID: testId, ...fields() }, token)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/question/deletequestion/${id}`, undefined, token)).statusCode).toBe(200);
    }
    const id = await create();
    await expectRefused(
      t,
      [Role.Trainee, Role.Region],
      [
        ['GET', '/api/question/getquestions'],
        ['GET', `/api/question/getquestion/${id}`],
        ['POST', '/api/question/new', { TestID: testId, ...fields() }],
        ['PUT', `/api/question/updatequestion/${id}`, { TestID: testId, ...fields() }],
        ['DELETE', `/api/question/deletequestion/${id}`],
      ],
    );
    expect((await getQuestion(id)).ID).toBe(id);
  });

  it('records question changes in the audit log', async () => {
    const id = await create();
    await call('PUT', `/api/question/updatequestion/${id}`, { TestID: testId, ...fields() });
    await call('DELETE', `/api/question/deletequestion/${id}`);
    expect((await auditOf(t, id, 'question.')).map((a) => a.action)).toEqual(['question.create', 'question.update', 'question.delete']);
  });
});

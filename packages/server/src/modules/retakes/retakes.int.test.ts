import { PAGE_SIZE, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertAttempt, insertPlan, insertQuestion, insertTest, insertTopic, THEORY } from '../../test/catalogue.js';
import { nextIin } from '../../test/factories.js';
import { auditOf, expectRefused } from '../../test/http.js';

const NO_RETAKE = { status: false, message: 'Пересдача не найдена' };
const refused422 = (message: string) => ({ status: false, message });

describe('retakes (retakes module)', () => {
  let t: TestApp;
  let adminToken: string;
  let examinerToken: string;
  let adminId: number;
  let planId: number;
  let otherPlanId: number;
  let testId: number;
  let secondTestId: number;
  let otherPlanTestId: number;
  let traineeId: number;
  let planlessTraineeId: number;
  let seq = 0;

  /** A person written straight into the database: a trainee of `planId` unless told otherwise. */
  const insertPerson = async (values: { role?: number; plan?: number | null; name?: string; tabel?: string | null } = {}) => {
    seq += 1;
    const row = await t.db
      .insertInto('users')
      .values({
        role_id: values.role ?? Role.Trainee,
        iin: nextIin(),
        full_name: values.name ?? `Сотрудник ${seq}`,
        tabel: values.tabel === undefined ? `77${String(seq).padStart(3, '0')}` : values.tabel,
        department: 'Цех № 2',
        duty: 'Оператор',
        password_hash: 'not-a-password',
        plan_id: values.plan === undefined ? planId : values.plan,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    examinerToken = await t.tokenOf(Role.Examiner);
    adminId = await t.idOf(Role.Admin);
    planId = await insertPlan(t.db, 'Охрана труда для операторов');
    otherPlanId = await insertPlan(t.db, 'Промышленная безопасность');
    const topicId = await insertTopic(t.db, planId, 'Пожарная безопасность', {
      position: 3,
      type_id: THEORY,
      thematic: 'Первичные средства пожаротушения',
    });
    const firstTopicId = await insertTopic(t.db, planId, 'Вводный инструктаж', { position: 1 });
    testId = await insertTest(t.db, planId, topicId, 'Огнетушители');
    secondTestId = await insertTest(t.db, planId, firstTopicId, 'Вводный тест');
    otherPlanTestId = await insertTest(t.db, otherPlanId, await insertTopic(t.db, otherPlanId, 'Сосуды под давлением'), 'Сосуды');
    await insertQuestion(t.db, testId);
    traineeId = await insertPerson({ name: 'Жумабаев Нурлан Асетович', tabel: '55501' });
    planlessTraineeId = await insertPerson({ plan: null, name: 'Без Плана' });
  });
  afterAll(() => t.close());

  const call = (method: InjectOptions['method'], url: string, payload?: object, token = adminToken, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });
  const create = async (fields: Record<string, unknown> = {}, token = adminToken) => {
    const response = await call(
      'POST',
      '/api/retake/new',
      { UserID: traineeId, TestID: testId, Date: '2026-12-01T10:00+06:00', ...fields },
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.ID as number;
  };
  const getOne = async (id: number) => {
    const response = await call('GET', `/api/retake/get?id=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().exam;
  };
  const list = async (query = '') => {
    const response = await call('GET', `/api/retake/get${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Marks a retake as used: an attempt made on it. */
  const use = (retakeId: number, userId = traineeId, test = testId) => insertAttempt(t.db, userId, test, { retake_id: retakeId });

  it('assigns a retake with the original client’s date and reads it back', async () => {
    const response = await call('POST', '/api/retake/new', { UserID: traineeId, TestID: testId, Date: '2026-12-01T10:00+06:00' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Пересдача назначена', data: { ID: expect.any(Number) } });
    const id = response.json().data.ID;
    expect(await getOne(id)).toEqual({
      ID: id,
      Date: '2026-12-01T04:00:00.000Z',
      Used: false,
      User: { ID: traineeId, Fullname: 'Жумабаев Нурлан Асетович', Tabel: '55501', Department: 'Цех № 2', Duty: 'Оператор' },
      Test: { ID: testId, Name: 'Огнетушители' },
      Info: {
        Plan: 'Охрана труда для операторов',
        Type: 'Теоретическое обучение',
        Number: 3,
        Thematic: 'Первичные средства пожаротушения',
      },
    });
    expect(await auditOf(t, id, 'retake.')).toEqual([
      { actor_id: adminId, action: 'retake.create', details: { user: traineeId, test: testId, date: '2026-12-01T04:00:00.000Z' } },
    ]);
    // the topic type is named in the caller's language
    const kk = await call('GET', `/api/retake/get?id=${id}`, undefined, adminToken, { 'accept-language': 'kk' });
    expect(kk.json().exam.Info.Type).toBe('Теориялық оқыту');
    await call('DELETE', `/api/retake/delete/id:${id}`);
  });

  it('lets an examiner assign one, and accepts the other spellings and full ISO times', async () => {
    const person = await insertPerson();
    const id = await create(
      { UserID: undefined, userID: person, TestID: undefined, testID: testId, Date: '2026-12-02T09:30:15Z' },
      examinerToken,
    );
    const retake = await getOne(id);
    expect(retake.User.ID).toBe(person);
    expect(retake.Date).toBe('2026-12-02T09:30:15.000Z');
    expect((await auditOf(t, id, 'retake.'))[0]?.actor_id).toBe(await t.idOf(Role.Examiner));
    const second = await create({ UserID: person, TestID: secondTestId, Date: '2026-12-03T08:00:00.000+05:00' });
    expect((await getOne(second)).Date).toBe('2026-12-03T03:00:00.000Z');
  });

  it('refuses dates without an offset or that do not exist (400 naming Date)', async () => {
    for (const date of ['2026-12-01', '2026-12-01T10:00', '2026-02-30T10:00+06:00', '2026-12-01T25:00+06:00', 'завтра', '', 12]) {
      const response = await call('POST', '/api/retake/new', { UserID: traineeId, TestID: testId, Date: date });
      expect(response.statusCode, String(date)).toBe(400);
      expect(response.json().fields.map((f: { path: string }) => f.path)).toEqual(['Date']);
    }
    const response = await call('POST', '/api/retake/new', { UserID: traineeId, TestID: testId, Date: '2026-12-01T10:00' });
    expect(response.json().fields[0].message).toBe('Укажите дату и время в формате ISO 8601 со смещением, например 2026-11-25T10:00+06:00');
    const missing = await call('POST', '/api/retake/new', {});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['Date', 'TestID', 'UserID']);
  });

  it('refuses a person who is not a live trainee, or a test outside their plan (422)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ UserID: 999_999 }, 'Сотрудник не найден'],
      [{ UserID: adminId }, 'Пересдачу можно назначить только обучающемуся'],
      [{ UserID: await t.idOf(Role.Teacher) }, 'Пересдачу можно назначить только обучающемуся'],
      [{ TestID: 999_999 }, 'Тест не найден'],
      [{ TestID: otherPlanTestId }, 'Этого теста нет в плане обучения сотрудника'],
      [{ UserID: planlessTraineeId }, 'Этого теста нет в плане обучения сотрудника'],
    ];
    for (const [fields, message] of cases) {
      const response = await call('POST', '/api/retake/new', {
        UserID: traineeId,
        TestID: testId,
        Date: '2026-12-01T10:00+06:00',
        ...fields,
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json()).toEqual(refused422(message));
    }
    const archived = await insertPerson();
    await t.db.updateTable('users').set({ archived_at: new Date() }).where('id', '=', archived).execute();
    const gone = await call('POST', '/api/retake/new', { UserID: archived, TestID: testId, Date: '2026-12-01T10:00+06:00' });
    expect(gone.statusCode).toBe(422);
    const kk = await call('POST', '/api/retake/new', { UserID: adminId, TestID: testId, Date: '2026-12-01T10:00+06:00' }, adminToken, {
      'accept-language': 'kk',
    });
    expect(kk.json()).toEqual(refused422('Қайта тапсыруды тек білім алушыға тағайындауға болады'));
  });

  it('allows one unused retake of a test per person; a used one makes room for the next (409)', async () => {
    const person = await insertPerson();
    const first = await create({ UserID: person });
    const again = await call('POST', '/api/retake/new', { UserID: person, TestID: testId, Date: '2026-12-05T10:00+06:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: 'У сотрудника уже есть неиспользованная пересдача этого теста' });
    await use(first, person);
    const next = await create({ UserID: person, Date: '2026-12-05T10:00+06:00' });
    expect((await getOne(first)).Used).toBe(true);
    expect((await getOne(next)).Used).toBe(false);
  });

  it('lists retakes a page at a time, newest date first, searched by name, personnel number or person', async () => {
    const person = await insertPerson({ name: 'Сапарова Айгерим Болатовна', tabel: '90901' });
    const ids: number[] = [];
    for (let day = 1; day <= PAGE_SIZE + 2; day++)
      ids.push(
        (
          await t.db
            .insertInto('retakes')
            .values({
              user_id: person,
              test_id: day % 2 ? testId : secondTestId,
              available_from: new Date(Date.UTC(2030, 0, day, 4)),
              created_by: adminId,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const first = await list(`?user=${person}`);
    expect(first).toMatchObject({ status: true, message: '', pages: 2, total: PAGE_SIZE + 2 });
    expect(first.exam.map((r: { ID: number }) => r.ID)).toEqual(ids.slice().reverse().slice(0, PAGE_SIZE));
    const second = await list(`?user=${person}&page=2`);
    expect(second.exam.map((r: { ID: number }) => r.ID)).toEqual([ids[1], ids[0]]);
    expect((await list(`?user=${person}&page=9`)).exam).toEqual([]);
    expect((await list('?search=сапарова')).total).toBe(PAGE_SIZE + 2);
    expect((await list('?search=9090')).total).toBe(PAGE_SIZE + 2);
    expect((await list('?search=90901&page=2')).exam).toHaveLength(2);
    expect(await list('?search=Никого%20нет')).toEqual({ status: true, message: '', exam: [], pages: 1, total: 0 });
    // everyone's retakes, newest date first
    const all = await list();
    expect(all.exam[0].Date >= all.exam[1].Date).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(PAGE_SIZE + 2);
    const bad = await call('GET', '/api/retake/get?page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for a retake that does not exist', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/retake/get?id=999999'],
      ['PUT', '/api/retake/update/id:999999', { UserID: traineeId, TestID: testId, Date: '2026-12-01T10:00+06:00' }],
      ['DELETE', '/api/retake/delete/id:999999'],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(NO_RETAKE);
    }
    expect((await call('GET', '/api/retake/get?id=abc')).statusCode).toBe(400);
  });

  it('changes a retake’s date, test or person, with an audit record', async () => {
    const person = await insertPerson();
    const other = await insertPerson({ name: 'Другой Человек' });
    const id = await create({ UserID: person });
    const response = await call('PUT', `/api/retake/update/id:${id}`, {
      UserID: other,
      TestID: secondTestId,
      Date: '2026-12-10T14:45+06:00',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Пересдача изменена' });
    const retake = await getOne(id);
    expect([retake.User.ID, retake.Test.ID, retake.Date]).toEqual([other, secondTestId, '2026-12-10T08:45:00.000Z']);
    const audit = await auditOf(t, id, 'retake.update');
    expect(audit).toEqual([
      {
        actor_id: adminId,
        action: 'retake.update',
        details: {
          user: other,
          test: secondTestId,
          date: '2026-12-10T08:45:00.000Z',
          previous: { user: person, test: testId, date: '2026-12-01T04:00:00.000Z' },
        },
      },
    ]);
    // saving it unchanged is fine: it does not clash with itself
    const same = await call('PUT', `/api/retake/update/id:${id}`, { UserID: other, TestID: secondTestId, Date: '2026-12-11T10:00+06:00' });
    expect(same.statusCode).toBe(200);
  });

  it('refuses to change a retake against the rules, or one already used', async () => {
    const person = await insertPerson();
    const id = await create({ UserID: person });
    const body = { UserID: person, TestID: testId, Date: '2026-12-01T10:00+06:00' };
    const cases: [Record<string, unknown>, number][] = [
      [{ TestID: otherPlanTestId }, 422],
      [{ UserID: adminId }, 422],
      [{ Date: '01.12.2026 10:00' }, 400],
    ];
    for (const [fields, status] of cases) {
      const response = await call('PUT', `/api/retake/update/id:${id}`, { ...body, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
    }
    // moving it onto a test the person already has an unused retake of
    await create({ UserID: person, TestID: secondTestId });
    const clash = await call('PUT', `/api/retake/update/id:${id}`, { ...body, TestID: secondTestId });
    expect(clash.statusCode).toBe(409);
    await use(id, person);
    const used = await call('PUT', `/api/retake/update/id:${id}`, { ...body, Date: '2027-01-01T10:00+06:00' });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({ status: false, message: 'По этой пересдаче уже начата попытка: её нельзя изменить или удалить' });
    expect((await getOne(id)).Date).toBe('2026-12-01T04:00:00.000Z');
  });

  it('cancels an unused retake with an audit record, and keeps a used one (409)', async () => {
    const person = await insertPerson();
    const id = await create({ UserID: person });
    const response = await call('DELETE', `/api/retake/delete/id:${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Пересдача отменена' });
    expect((await call('GET', `/api/retake/get?id=${id}`)).statusCode).toBe(404);
    expect(await auditOf(t, id, 'retake.delete')).toEqual([
      { actor_id: adminId, action: 'retake.delete', details: { user: person, test: testId, date: '2026-12-01T04:00:00.000Z' } },
    ]);

    const kept = await create({ UserID: person });
    await use(kept, person);
    const refused = await call('DELETE', `/api/retake/delete/id:${kept}`, undefined, examinerToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: false, message: 'По этой пересдаче уже начата попытка: её нельзя изменить или удалить' });
    expect((await getOne(kept)).Used).toBe(true);
  });

  it('looks a person up by personnel number, with the tests of their plan', async () => {
    const response = await call('GET', '/api/retake/getuser?tabel=55501');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: '',
      exam: {
        User: { ID: traineeId, Fullname: 'Жумабаев Нурлан Асетович', Tabel: '55501', Department: 'Цех № 2', Duty: 'Оператор' },
        // in the plan's order: the first topic's test first
        Tests: [
          { ID: secondTestId, Name: 'Вводный тест', Topic: 'Вводный инструктаж', Plan: 'Охрана труда для операторов' },
          { ID: testId, Name: 'Огнетушители', Topic: 'Пожарная безопасность', Plan: 'Охрана труда для операторов' },
        ],
      },
    });
    const planless = await insertPerson({ plan: null, tabel: '55502' });
    const empty = await call('GET', '/api/retake/getuser?tabel=%2055502%20');
    expect(empty.json().exam).toMatchObject({ User: { ID: planless }, Tests: [] });
    const unknown = await call('GET', '/api/retake/getuser?tabel=000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: 'Сотрудник с таким табельным номером не найден' });
    expect((await call('GET', '/api/retake/getuser')).statusCode).toBe(400);
    expect((await call('GET', '/api/retake/getuser?tabel=')).statusCode).toBe(400);
  });

  it('is for administrators and examiners only (401, 403 for trainee, teacher and region)', async () => {
    const id = await create({ UserID: await insertPerson() });
    await expectRefused(
      t,
      [Role.Trainee, Role.Teacher, Role.Region],
      [
        ['POST', '/api/retake/new', { UserID: traineeId, TestID: testId, Date: '2026-12-01T10:00+06:00' }],
        ['GET', '/api/retake/get'],
        ['GET', `/api/retake/get?id=${id}`],
        ['PUT', `/api/retake/update/id:${id}`, { UserID: traineeId, TestID: testId, Date: '2026-12-01T10:00+06:00' }],
        ['DELETE', `/api/retake/delete/id:${id}`],
        ['GET', '/api/retake/getuser?tabel=55501'],
      ],
    );
    expect((await getOne(id)).ID).toBe(id);
    for (const url of ['/api/retake/get', `/api/retake/get?id=${id}`, '/api/retake/getuser?tabel=55501'])
      expect((await call('GET', url, undefined, examinerToken)).statusCode, url).toBe(200);
  });
});

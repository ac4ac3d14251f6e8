import fs from 'node:fs/promises';
import { PAGE_SIZE, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { DISTANCE, IN_PERSON, insertAttempt, insertQuestion, insertTest, PRODUCTION, storeImage, THEORY } from '../../test/catalogue.js';
import { nextIin, tinyPng } from '../../test/factories.js';
import { auditOf, expectRefused, FORBIDDEN, NOT_ADMIN, SIGN_IN_FIRST } from '../../test/http.js';
import { multipart } from '../../test/multipart.js';

const NOT_FOUND = { status: false, message: 'План обучения не найден' };
const UNKNOWN_CERTIFICATE = { status: false, message: 'Выбранный сертификат не найден' };
const UNKNOWN_EDU_TYPE = { status: false, message: 'Такого вида обучения нет в справочнике' };

describe('education plans', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  let certificate: { ID: number; Name: string; FileName: string; Path: string };

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    adminId = await t.idOf(Role.Admin);
    const body = multipart([{ name: 'file', filename: 'cert.png', data: tinyPng() }]);
    const file = await t.app.inject({
      method: 'POST',
      url: '/uploadF',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(adminToken) },
    });
    const created = await asAdmin('POST', '/api/cer/new', { Name: 'Удостоверение', FileName: 'cert.png', Path: file.json().Path });
    certificate = { ID: created.json().data.ID, Name: 'Удостоверение', FileName: 'cert.png', Path: file.json().Path };
  });
  afterAll(() => t.close());

  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(adminToken), ...headers } });
  const createPlan = async (payload: object) => {
    const response = await asAdmin('POST', '/api/subject/newplan', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.ID as number;
  };
  const getPlan = async (id: number) => (await asAdmin('GET', `/api/subject/getplan/${id}`)).json().data;
  const createTopic = async (PlanID: number, Name: string, TotalHour: number, Position = 0, TypeID = THEORY) => {
    const response = await asAdmin('POST', '/api/subject/newtopic', { PlanID, Name, TotalHour, Position, TypeID, EduType: IN_PERSON });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.ID as number;
  };
  const createTrainee = async (name: string, planId: number | null = null) => {
    const response = await asAdmin('POST', '/api/user/new', { IIN: nextIin(), Password: 'Plan2026', Fullname: name, PlanID: planId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().user.ID as number;
  };

  it('creates a plan with positions typed as text, a certificate and an education type, and reads it back', async () => {
    const created = await asAdmin('POST', '/api/subject/newplan', {
      Name: 'Охрана труда',
      Description: 'Ежегодное обучение',
      Duty: ' Оператор ,Мастер участка,, Оператор ',
      CertificateID: certificate.ID,
      Types: IN_PERSON,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ status: true, message: 'План обучения создан', data: { ID: expect.any(Number) } });
    const id = created.json().data.ID;

    const one = await asAdmin('GET', `/api/subject/getplan/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      status: true,
      message: '',
      data: {
        ID: id,
        Plan: 'Охрана труда',
        Name: 'Охрана труда',
        Duty: ['Оператор', 'Мастер участка'],
        Description: 'Ежегодное обучение',
        CertificateID: certificate.ID,
        certificate,
        Types: IN_PERSON,
        Topiccount: 0,
        Studentcount: 0,
        Totalhour: 0,
      },
    });
    expect(await auditOf(t, id, 'plan.')).toEqual([expect.objectContaining({ actor_id: adminId, action: 'plan.create' })]);
  });

  it('accepts the spec’s other spellings and a list of positions; certificate and type may be left out', async () => {
    const id = await createPlan({ name: 'Промышленная безопасность', description: 'Описание', duty: ['Слесарь', 'Электрик'] });
    expect(await getPlan(id)).toMatchObject({
      Name: 'Промышленная безопасность',
      Description: 'Описание',
      Duty: ['Слесарь', 'Электрик'],
      CertificateID: null,
      certificate: null,
      Types: null,
    });
    const viaPlan = await createPlan({ Plan: 'Пожарная безопасность', CertificateID: '', Types: '' });
    expect(await getPlan(viaPlan)).toMatchObject({
      Name: 'Пожарная безопасность',
      Duty: [],
      Description: '',
      CertificateID: null,
      Types: null,
    });
  });

  it('validates the fields with 400', async () => {
    for (const payload of [
      {},
      { Name: '   ' },
      { Name: 'План', CertificateID: 'abc' },
      { Name: 'План', Types: -1 },
      { Name: 'x'.repeat(301) },
    ]) {
      const response = await asAdmin('POST', '/api/subject/newplan', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().status).toBe(false);
      expect(response.json().fields.length).toBeGreaterThan(0);
    }
    expect((await asAdmin('GET', '/api/subject/getplan/0')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/subject/getplans?page=-1')).statusCode).toBe(400);
  });

  it('refuses an unknown certificate or a value that is not an education type with 422', async () => {
    const before = (await t.db.selectFrom('plans').select('id').execute()).length;
    const unknownCertificate = await asAdmin('POST', '/api/subject/newplan', { Name: 'План', CertificateID: 999999 });
    expect(unknownCertificate.statusCode).toBe(422);
    expect(unknownCertificate.json()).toEqual(UNKNOWN_CERTIFICATE);
    for (const Types of [PRODUCTION, 999999]) {
      const response = await asAdmin('POST', '/api/subject/newplan', { Name: 'План', Types });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(UNKNOWN_EDU_TYPE);
    }
    const english = await asAdmin('POST', '/api/subject/newplan', { Name: 'План', Types: THEORY }, { 'accept-language': 'en' });
    expect(english.json()).toEqual({ status: false, message: 'There is no such education type in the list' });
    expect((await t.db.selectFrom('plans').select('id').execute()).length).toBe(before);
  });

  it('updates only the fields the body carries; null or empty clears the certificate and the type', async () => {
    const id = await createPlan({
      Name: 'Обновляемый',
      Description: 'Было',
      Duty: 'Мастер',
      CertificateID: certificate.ID,
      Types: DISTANCE,
    });

    // the original client's edit form sends no Types: the type stays
    const oldClient = await asAdmin('PUT', `/api/subject/updateplan/${id}`, {
      name: 'Обновлённый',
      description: 'Стало',
      CertificateID: certificate.ID,
      Duty: ['Мастер', 'Инженер'],
    });
    expect(oldClient.statusCode).toBe(200);
    expect(oldClient.json()).toEqual({ status: true, message: 'План обучения сохранён' });
    expect(await getPlan(id)).toMatchObject({
      Name: 'Обновлённый',
      Description: 'Стало',
      Duty: ['Мастер', 'Инженер'],
      CertificateID: certificate.ID,
      Types: DISTANCE,
    });

    expect((await asAdmin('PUT', `/api/subject/updateplan/${id}`, { Description: 'Только описание' })).statusCode).toBe(200);
    expect(await getPlan(id)).toMatchObject({
      Name: 'Обновлённый',
      Description: 'Только описание',
      Duty: ['Мастер', 'Инженер'],
      Types: DISTANCE,
    });

    expect((await asAdmin('PUT', `/api/subject/updateplan/${id}`, { CertificateID: null, Types: '' })).statusCode).toBe(200);
    expect(await getPlan(id)).toMatchObject({ Name: 'Обновлённый', CertificateID: null, certificate: null, Types: null });

    expect((await asAdmin('PUT', `/api/subject/updateplan/${id}`, { Types: IN_PERSON, CertificateID: certificate.ID })).statusCode).toBe(
      200,
    );
    expect(await getPlan(id)).toMatchObject({ CertificateID: certificate.ID, certificate, Types: IN_PERSON });
  });

  it('refuses a bad update with 400, 404 or 422 and changes nothing', async () => {
    const id = await createPlan({ Name: 'Неизменный', Types: IN_PERSON });
    const before = await getPlan(id);
    const empty = await asAdmin('PUT', `/api/subject/updateplan/${id}`, { Name: '' });
    expect(empty.statusCode).toBe(400);
    const unknownCertificate = await asAdmin('PUT', `/api/subject/updateplan/${id}`, { Name: 'Другое', CertificateID: 999999 });
    expect(unknownCertificate.statusCode).toBe(422);
    expect(unknownCertificate.json()).toEqual(UNKNOWN_CERTIFICATE);
    const wrongType = await asAdmin('PUT', `/api/subject/updateplan/${id}`, { Name: 'Другое', Types: THEORY });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json()).toEqual(UNKNOWN_EDU_TYPE);
    expect(await getPlan(id)).toEqual(before);

    const missing = await asAdmin('PUT', '/api/subject/updateplan/999999', { Name: 'Нет такого' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    expect((await asAdmin('GET', '/api/subject/getplan/999999')).json()).toEqual(NOT_FOUND);
    const deleteMissing = await asAdmin('DELETE', '/api/subject/deleteplan/999999');
    expect(deleteMissing.statusCode).toBe(404);
    expect(deleteMissing.json()).toEqual(NOT_FOUND);
  });

  it('counts topics, their hours and the people following the plan, for a whole page at once', async () => {
    const id = await createPlan({ Name: 'Счётный план', Duty: 'Оператор' });
    await createTopic(id, 'Первая', 4);
    await createTopic(id, 'Вторая', 6);
    await createTopic(id, 'Третья', 2.5, 3, PRODUCTION);
    const other = await createPlan({ Name: 'Счётный план, пустой' });
    await createTrainee('Счётов Первый Обучающийся', id);
    await createTrainee('Счётов Второй Обучающийся', id);
    const archived = await createTrainee('Счётов Архивный Обучающийся', id);
    await t.db.updateTable('users').set({ archived_at: new Date() }).where('id', '=', archived).execute();

    const page = await asAdmin('GET', `/api/subject/getplans?search=${encodeURIComponent('счётный')}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: true, message: '', pages: 1, total: 2 });
    expect(
      page
        .json()
        .data.map((p: { ID: number; Topiccount: number; Totalhour: number; Studentcount: number }) => [
          p.ID,
          p.Topiccount,
          p.Totalhour,
          p.Studentcount,
        ]),
    ).toEqual([
      [id, 3, 12.5, 2],
      [other, 0, 0, 0],
    ]);
    expect(await getPlan(id)).toMatchObject({ Topiccount: 3, Totalhour: 12.5, Studentcount: 2 });

    // a position matches too
    const byDuty = (await asAdmin('GET', `/api/subject/getplans?search=${encodeURIComponent('оператор')}`)).json();
    expect(byDuty.data.map((p: { ID: number }) => p.ID)).toContain(id);
    expect(byDuty.data.map((p: { ID: number }) => p.ID)).not.toContain(other);
  });

  it('pages the list by name, 20 a page', async () => {
    const names = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => `Страничный план ${String(i).padStart(2, '0')}`);
    for (const Name of [...names].reverse()) await createPlan({ Name });
    const first = (await asAdmin('GET', `/api/subject/getplans?search=${encodeURIComponent('Страничный план')}`)).json();
    expect(first).toMatchObject({ pages: 2, total: PAGE_SIZE + 1 });
    expect(first.data.map((p: { Name: string }) => p.Name)).toEqual(names.slice(0, PAGE_SIZE));
    const second = (await asAdmin('GET', `/api/subject/getplans?page=2&search=${encodeURIComponent('Страничный план')}`)).json();
    expect(second.data.map((p: { Name: string }) => p.Name)).toEqual(names.slice(PAGE_SIZE));
    const past = (await asAdmin('GET', `/api/subject/getplans?page=5&search=${encodeURIComponent('Страничный план')}`)).json();
    expect(past).toEqual({ status: true, message: '', data: [], pages: 2, total: PAGE_SIZE + 1 });
    const all = (await asAdmin('GET', '/api/subject/getplans')).json();
    expect(all.data).toHaveLength(PAGE_SIZE);
    expect(all.total).toBe((await t.db.selectFrom('plans').select('id').execute()).length);
  });

  it('lists every plan with its topics for the test and webinar forms, to admins, teachers and examiners', async () => {
    const id = await createPlan({ Name: 'ААА Первый в списке' });
    const second = await createTopic(id, 'Вторая по порядку', 1, 2, PRODUCTION);
    const first = await createTopic(id, 'Первая по порядку', 1, 1);
    const empty = await createPlan({ Name: 'ААБ Без тем' });

    for (const role of [Role.Admin, Role.Teacher, Role.Examiner]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/getplanandtopics', headers: bearer(await t.tokenOf(role)) });
      expect(response.statusCode, `role ${role}`).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ status: true, message: '' });
      const ids = body.data.map((p: { ID: number }) => p.ID);
      expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(empty));
      expect(body.data.find((p: { ID: number }) => p.ID === id)).toEqual({
        ID: id,
        Name: 'ААА Первый в списке',
        Plan: 'ААА Первый в списке',
        Topics: [
          { ID: first, Name: 'Первая по порядку', Topic: 'Первая по порядку', TypeID: THEORY },
          { ID: second, Name: 'Вторая по порядку', Topic: 'Вторая по порядку', TypeID: PRODUCTION },
        ],
      });
      expect(body.data.find((p: { ID: number }) => p.ID === empty).Topics).toEqual([]);
      expect(body.data).toHaveLength((await t.db.selectFrom('plans').select('id').execute()).length);
    }
    for (const role of [Role.Trainee, Role.Region]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/getplanandtopics', headers: bearer(await t.tokenOf(role)) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/getplanandtopics' })).json()).toEqual(SIGN_IN_FIRST);
  });

  describe('deleting', () => {
    it('refuses a plan whose tests have results with 409, saying how many, and removes nothing', async () => {
      const id = await createPlan({ Name: 'План с результатами' });
      const topic = await createTopic(id, 'Тема с результатами', 2);
      const test = await insertTest(t.db, id, topic);
      const otherTest = await insertTest(t.db, id, topic, 'Второй тест');
      const question = await insertQuestion(t.db, test);
      const trainee = await createTrainee('Результатов Сдавший Тест', id);
      await insertAttempt(t.db, trainee, test);
      await insertAttempt(t.db, trainee, test);
      await insertAttempt(t.db, trainee, otherTest);

      const refused = await asAdmin('DELETE', `/api/subject/deleteplan/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        status: false,
        message: 'План обучения нельзя удалить: по его тестам есть результаты обучающихся (результатов: 3). Результаты не удаляются',
      });
      const kazakh = await asAdmin('DELETE', `/api/subject/deleteplan/${id}`, undefined, { 'accept-language': 'kk' });
      expect(kazakh.json().message).toBe(
        'Оқу жоспарын жоюға болмайды: оның тесттері бойынша білім алушылардың нәтижелері бар (нәтижелер саны: 3). Нәтижелер жойылмайды',
      );

      expect(await getPlan(id)).toMatchObject({ ID: id, Topiccount: 1, Studentcount: 1 });
      expect(await t.db.selectFrom('tests').select('id').where('plan_id', '=', id).orderBy('id').execute()).toEqual([
        { id: test },
        { id: otherTest },
      ]);
      expect(await t.db.selectFrom('questions').select('id').where('id', '=', question).execute()).toHaveLength(1);
      expect(await t.db.selectFrom('attempts').select('id').where('user_id', '=', trainee).execute()).toHaveLength(3);
      expect((await asAdmin('GET', `/api/user/getuser/${trainee}`)).json().data).toMatchObject({ PlanID: id, PlanStatus: true });
      // and the database refuses it too
      await expect(t.db.deleteFrom('plans').where('id', '=', id).execute()).rejects.toThrow();
    });

    it('deletes a plan without results with its topics, tests and questions, and detaches its people', async () => {
      const id = await createPlan({ Name: 'Удаляемый план', CertificateID: certificate.ID });
      const topics = [await createTopic(id, 'Удаляемая тема 1', 2), await createTopic(id, 'Удаляемая тема 2', 3)];
      const tests = [await insertTest(t.db, id, topics[0]!), await insertTest(t.db, id, topics[1]!)];
      const imageKey = 'questions/0123456789abcdef0123456789abcdef.png';
      const imageFile = await storeImage(t, imageKey);
      const questions = [
        await insertQuestion(t.db, tests[0]!, { image_key: imageKey, image_name: 'q.png' }),
        await insertQuestion(t.db, tests[1]!),
      ];
      const people = [await createTrainee('Откреплённый Первый', id), await createTrainee('Откреплённый Второй', id)];
      // a result elsewhere does not stop it
      const otherPlan = await createPlan({ Name: 'Соседний план' });
      const otherTest = await insertTest(t.db, otherPlan, await createTopic(otherPlan, 'Соседняя тема', 1));
      await insertAttempt(t.db, people[0]!, otherTest);

      const deleted = await asAdmin('DELETE', `/api/subject/deleteplan/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({
        status: true,
        message: 'План обучения удалён вместе с его темами и тестами. Откреплено обучающихся: 2',
        archived: false,
      });

      expect((await asAdmin('GET', `/api/subject/getplan/${id}`)).statusCode).toBe(404);
      expect(await t.db.selectFrom('topics').select('id').where('id', 'in', topics).execute()).toEqual([]);
      expect(await t.db.selectFrom('tests').select('id').where('id', 'in', tests).execute()).toEqual([]);
      expect(await t.db.selectFrom('questions').select('id').where('id', 'in', questions).execute()).toEqual([]);
      await expect(fs.access(imageFile)).rejects.toThrow();
      for (const person of people) {
        expect((await asAdmin('GET', `/api/user/getuser/${person}`)).json().data).toMatchObject({ PlanID: null, PlanStatus: false });
      }
      // the certificate and the other plan stay
      expect((await asAdmin('GET', `/api/cer/getcer/${certificate.ID}`)).statusCode).toBe(200);
      expect(await getPlan(otherPlan)).toMatchObject({ Topiccount: 1 });
      expect((await auditOf(t, id, 'plan.')).map((a) => a.action)).toEqual(['plan.create', 'plan.delete']);
    });

    it('says so when nobody followed the deleted plan', async () => {
      const id = await createPlan({ Name: 'Пустой план' });
      const deleted = await asAdmin('DELETE', `/api/subject/deleteplan/${id}`, undefined, { 'accept-language': 'en' });
      expect(deleted.json()).toEqual({
        status: true,
        message: 'The education plan was deleted with its topics and tests. Trainees detached from it: 0',
        archived: false,
      });
    });
  });

  it('lets only administrators use the plan calls', async () => {
    const id = await createPlan({ Name: 'Только для администратора' });
    await expectRefused(t, NOT_ADMIN, [
      ['GET', '/api/subject/getplans'],
      ['GET', `/api/subject/getplan/${id}`],
      ['POST', '/api/subject/newplan', { Name: 'Нет' }],
      ['PUT', `/api/subject/updateplan/${id}`, { Name: 'Нет' }],
      ['DELETE', `/api/subject/deleteplan/${id}`],
    ]);
    expect((await getPlan(id)).Name).toBe('Только для администратора');
  });
});

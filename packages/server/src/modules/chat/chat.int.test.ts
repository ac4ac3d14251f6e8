import { CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan, insertTopic } from '../../test/catalogue.js';
import { FORBIDDEN, SIGN_IN_FIRST } from '../../test/http.js';
import { insertPerson, insertWebinar } from '../../test/rooms.js';

const NOT_LIVE = { status: false, message: 'Писать в чат можно только во время вебинара' };
const NOT_FOUND = { status: false, message: 'Вебинар не найден' };

describe('webinar chat', () => {
  let t: TestApp;
  let planId: number;
  let topicId: number;
  let teacherId: number;
  let live: number;
  let finished: number;
  let waiting: number;
  let otherPlans: number;
  let archived: number;
  const names = new Map<number, string>();

  const get = async (role: number, web: number, page?: number, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/chat/get?web=${web}${page === undefined ? '' : `&id=${page}`}`,
      headers: bearer(token ?? (await t.tokenOf(role))),
    });
  const post = async (role: number, payload: object, token?: string, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      payload,
      headers: { ...bearer(token ?? (await t.tokenOf(role))), ...(language ? { 'accept-language': language } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const trainee = await t.db
      .selectFrom('users')
      .select(['plan_id'])
      .where('id', '=', await t.idOf(Role.Trainee))
      .executeTakeFirstOrThrow();
    planId = trainee.plan_id!;
    topicId = (await t.db.selectFrom('topics').select('id').where('plan_id', '=', planId).orderBy('id').executeTakeFirstOrThrow()).id;
    teacherId = await t.idOf(Role.Teacher);
    live = await insertWebinar(t.db, { planId, topicId, teacherId, beginsIn: -10 });
    finished = await insertWebinar(t.db, { planId, topicId, teacherId, beginsIn: -20, ended: true });
    waiting = await insertWebinar(t.db, { planId, topicId, teacherId, beginsIn: 120 });
    archived = await insertWebinar(t.db, { planId, topicId, teacherId, archived: true });
    const otherPlan = await insertPlan(t.db, 'Другой план');
    otherPlans = await insertWebinar(t.db, { planId: otherPlan, topicId: await insertTopic(t.db, otherPlan, 'Тема'), teacherId });
    for (const a of DEMO_ACCOUNTS) names.set(a.role, a.name.join(' '));
  });
  afterAll(() => t.close());

  it('pages the chat: page 1 the newest, each page oldest first, with pages and total', async () => {
    const web = await insertWebinar(t.db, { planId, topicId, teacherId });
    const traineeId = await t.idOf(Role.Trainee);
    const count = 2 * CHAT_PAGE_SIZE + 20;
    const rows = await t.db
      .insertInto('chat_messages')
      .values(
        Array.from({ length: count }, (_, i) => ({
          webinar_id: web,
          user_id: i % 2 ? teacherId : traineeId,
          message: `Сообщение ${i + 1}`,
          created_at: new Date(Date.now() - (count - i) * 1000),
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);

    const first = await get(Role.Trainee, web);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ status: true, pages: 3, total: count });
    expect(body.data.map((m: { ID: number }) => m.ID)).toEqual(ids.slice(-CHAT_PAGE_SIZE));
    expect(body.data.at(-1)).toEqual({
      ID: ids.at(-1),
      Message: `Сообщение ${count}`,
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      WebID: web,
      UserID: teacherId,
      UserName: names.get(Role.Teacher),
      RoleID: Role.Teacher,
    });
    expect(body.data[0]).toMatchObject({
      Message: `Сообщение ${count - CHAT_PAGE_SIZE + 1}`,
      UserName: names.get(Role.Trainee),
      RoleID: 3,
    });

    expect((await get(Role.Teacher, web, 1)).json().data).toEqual(body.data);
    const second = (await get(Role.Teacher, web, 2)).json();
    expect(second.data.map((m: { ID: number }) => m.ID)).toEqual(ids.slice(20, 20 + CHAT_PAGE_SIZE));
    const third = (await get(Role.Admin, web, 3)).json();
    expect(third.data.map((m: { ID: number }) => m.ID)).toEqual(ids.slice(0, 20));
    expect(third).toMatchObject({ pages: 3, total: count });
    expect((await get(Role.Admin, web, 4)).json()).toEqual({ status: true, message: '', data: [], pages: 3, total: count });
  });

  it('answers an empty chat with one empty page', async () => {
    expect((await get(Role.Trainee, waiting)).json()).toEqual({ status: true, message: '', data: [], pages: 1, total: 0 });
  });

  it('stores a trainee’s message while the webinar is in progress and answers it with its author', async () => {
    const response = await post(Role.Trainee, { WebID: live, Message: '  Здравствуйте! Слышно хорошо.  ' });
    expect(response.statusCode).toBe(200);
    const sent = response.json();
    expect(sent).toEqual({
      status: true,
      message: 'Сообщение отправлено',
      data: {
        ID: expect.any(Number),
        Message: 'Здравствуйте! Слышно хорошо.',
        CreatedAt: expect.any(String),
        WebID: live,
        UserID: await t.idOf(Role.Trainee),
        UserName: names.get(Role.Trainee),
        RoleID: Role.Trainee,
      },
    });
    expect(Math.abs(Date.parse(sent.data.CreatedAt) - Date.now())).toBeLessThan(60_000);
    const page = (await get(Role.Teacher, live)).json();
    expect(page.data.at(-1)).toEqual(sent.data);
    // the original client's spellings
    const aliased = await post(Role.Trainee, { webID: live, message: 'Вопрос по слайду 3' });
    expect(aliased.statusCode).toBe(200);
    expect(aliased.json().data.Message).toBe('Вопрос по слайду 3');
  });

  it('lets the teacher and an administrator write before, during and after the webinar', async () => {
    for (const web of [waiting, live, finished]) {
      for (const role of [Role.Teacher, Role.Admin]) {
        const response = await post(role, { WebID: web, Message: 'Материалы в документах' });
        expect(response.statusCode, `${role} in ${web}`).toBe(200);
        expect(response.json().data).toMatchObject({ WebID: web, RoleID: role, UserName: names.get(role) });
      }
    }
  });

  it('refuses a trainee before the webinar opens and after it ends (422), in the caller’s language', async () => {
    for (const web of [waiting, finished]) {
      const response = await post(Role.Trainee, { WebID: web, Message: 'Можно вопрос?' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(NOT_LIVE);
    }
    const english = await post(Role.Trainee, { WebID: finished, Message: 'Hello?' }, undefined, 'en');
    expect(english.json()).toEqual({ status: false, message: 'You can write in the chat only while the webinar is in progress' });
    const kazakh = await post(Role.Trainee, { WebID: finished, Message: 'Сәлем' }, undefined, 'kk');
    expect(kazakh.json()).toEqual({ status: false, message: 'Чатқа тек вебинар барысында жазуға болады' });
    // nothing was stored
    expect((await get(Role.Teacher, finished)).json().data.map((m: { RoleID: number }) => m.RoleID)).not.toContain(Role.Trainee);
  });

  it('hides webinars of another plan, another teacher’s and archived ones (404)', async () => {
    for (const web of [otherPlans, archived, 999_999]) {
      const read = await get(Role.Trainee, web);
      expect(read.statusCode, `read ${web}`).toBe(404);
      expect(read.json()).toEqual(NOT_FOUND);
      const write = await post(Role.Trainee, { WebID: web, Message: 'Здравствуйте' });
      expect(write.statusCode, `write ${web}`).toBe(404);
      expect(write.json()).toEqual(NOT_FOUND);
    }
    const otherTeacher = await insertPerson(t.db, Role.Teacher);
    const read = await get(Role.Teacher, live, 1, otherTeacher.token);
    expect(read.statusCode).toBe(404);
    const write = await post(Role.Teacher, { WebID: live, Message: 'Коллеги, добрый день' }, otherTeacher.token);
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual(NOT_FOUND);
  });

  it('lets examiners read the chat but not write; keeps the region role and strangers out', async () => {
    // examiners read the admin screens (the webinar view shows the chat) but are in no room
    expect((await post(Role.Teacher, { WebID: live, Message: 'Для проверяющего' })).statusCode).toBe(200);
    const read = await get(Role.Examiner, live);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((message: { Message: string }) => message.Message)).toContain('Для проверяющего');
    const write = await post(Role.Examiner, { WebID: live, Message: 'Проверка' });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual(NOT_FOUND);
    for (const [method, url, payload] of [
      ['GET', `/api/chat/get?web=${live}`, undefined],
      ['POST', '/api/chat/message', { WebID: live, Message: 'Привет' }],
    ] as const) {
      const region = await t.app.inject({ method, url, payload, headers: bearer(await t.tokenOf(Role.Region)) });
      expect(region.statusCode).toBe(403);
      expect(region.json()).toEqual(FORBIDDEN);
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(SIGN_IN_FIRST);
    }
  });

  it('refuses an empty, blank or too long message and a bad page (400 with the fields)', async () => {
    for (const payload of [
      { WebID: live, Message: '' },
      { WebID: live, Message: '   \n ' },
      { WebID: live },
      { WebID: live, Message: 'я'.repeat(CHAT_MESSAGE_MAX + 1) },
    ]) {
      const response = await post(Role.Trainee, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ status: false, fields: [{ path: 'Message', message: expect.any(String) }] });
    }
    const noWebinar = await post(Role.Trainee, { Message: 'Привет' });
    expect(noWebinar.statusCode).toBe(400);
    expect(noWebinar.json()).toMatchObject({ status: false, fields: [{ path: 'WebID', message: expect.any(String) }] });
    for (const url of [`/api/chat/get?web=${live}&id=0`, '/api/chat/get', `/api/chat/get?web=abc`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(await t.tokenOf(Role.Trainee)) });
      expect(response.statusCode, url).toBe(400);
    }
    const longest = await post(Role.Trainee, { WebID: live, Message: 'я'.repeat(CHAT_MESSAGE_MAX) });
    expect(longest.statusCode).toBe(200);
  });
});

describe('webinar chat rate limit', () => {
  let t: TestApp;
  let live: number;

  beforeAll(async () => {
    t = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: '3' });
    const planId = (
      await t.db
        .selectFrom('users')
        .select(['plan_id'])
        .where('id', '=', await t.idOf(Role.Trainee))
        .executeTakeFirstOrThrow()
    ).plan_id!;
    const topicId = (await t.db.selectFrom('topics').select('id').where('plan_id', '=', planId).orderBy('id').executeTakeFirstOrThrow()).id;
    live = await insertWebinar(t.db, { planId, topicId, teacherId: await t.idOf(Role.Teacher), beginsIn: -10 });
  });
  afterAll(() => t.close());

  const post = async (token: string, message: string, language = 'ru') =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      payload: { WebID: live, Message: message },
      headers: { ...bearer(token), 'accept-language': language },
    });

  it('refuses a person’s 4th message within a minute with 429 in their language; others still write', async () => {
    const teacher = await t.tokenOf(Role.Teacher);
    for (let i = 1; i <= 3; i++) expect((await post(teacher, `Сообщение ${i}`)).statusCode).toBe(200);
    const refused = await post(teacher, 'Четвёртое');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: 'Слишком много запросов, попробуйте позже' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(teacher, 'Fifth', 'en')).json()).toEqual({ status: false, message: 'Too many requests, try again later' });
    expect((await post(teacher, 'Алтыншы', 'kk')).json()).toEqual({ status: false, message: 'Сұраулар тым көп, кейінірек қайталаңыз' });
    // the refused messages were not stored
    const stored = await t.db.selectFrom('chat_messages').select('message').where('webinar_id', '=', live).execute();
    expect(stored.map((m) => m.message).sort()).toEqual(['Сообщение 1', 'Сообщение 2', 'Сообщение 3']);

    // another person, from the same address, is not affected
    const trainee = await post(await t.tokenOf(Role.Trainee), 'Здравствуйте!');
    expect(trainee.statusCode).toBe(200);
  });
});

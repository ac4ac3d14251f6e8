import fs from 'node:fs/promises';
import path from 'node:path';
import { type Problem, type ProblemAnswer, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan, insertTopic } from '../../test/catalogue.js';
import { nextIin, tinyPng } from '../../test/factories.js';
import { expectRefused, FORBIDDEN } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';

const PASSWORD = 'Ask2026!';
const ANSWER_FILE = /^\/files\/answers\/[0-9a-f]{32}\.pdf$/;
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

interface Person {
  id: number;
  token: string;
  fullName: string;
}

describe('question threads (problems module)', () => {
  let t: TestApp;
  let hash: string;
  let admin: Person;
  let teacher: Person;
  let otherTeacher: Person;
  /** Trainees of the webinars' plan, and one of another plan. */
  let ann: Person;
  let ben: Person;
  let cat: Person;
  const ids = {} as Record<'plan' | 'topic' | 'otherPlan' | 'otherTopic' | 'webinar' | 'othersWebinar' | 'archived', number>;

  async function person(role: number, fullName: string, planId: number | null = null): Promise<Person> {
    const iin = nextIin();
    const row = await t.db
      .insertInto('users')
      .values({ role_id: role, iin, full_name: fullName, duty: 'Оператор', department: 'Цех', password_hash: hash, plan_id: planId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { iin, password: PASSWORD } });
    return { id: row.id, token: login.json().user.Token, fullName };
  }

  async function webinar(name: string, teacherId: number, values: { planId?: number; topicId?: number; archived?: boolean } = {}) {
    const row = await t.db
      .insertInto('webinars')
      .values({
        name,
        description: `Описание: ${name}`,
        plan_id: values.planId ?? ids.plan,
        topic_id: values.topicId ?? ids.topic,
        teacher_id: teacherId,
        begin_time: new Date('2026-11-25T10:00:00+06:00'),
        duration_minutes: 90,
        archived_at: values.archived ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: object, language?: string) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(who.token), ...(language ? { 'accept-language': language } : {}) } });
  const ask = (who: Person, QuestionText: string, WebID = ids.webinar) => call('POST', '/problem/new', who, { QuestionText, WebID });
  const reply = (who: Person, ProblemID: number, AnswerText: string) => call('POST', '/problem/answer/new', who, { AnswerText, ProblemID });
  const markRead = (who: Person, id: number) => call('PUT', `/problem/read/id:${id}`, who);
  const threads = async (who: Person, query = '') => {
    const response = await call('GET', `/problem/get${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Problem[];
  };
  const threadOf = async (who: Person, id: number, query = '') => (await threads(who, query)).find((p) => p.ID === id);
  const attach = (who: Person, answerId: number | string, data: Buffer, name = 'ответ.pdf') =>
    postMultipart(t.app, '/uploadF', [{ name: 'AnswerID', value: String(answerId) }, filePart(data, name, 'application/pdf')], who.token);

  beforeAll(async () => {
    t = await createTestApp();
    hash = await hashPassword(PASSWORD);
    ids.plan = await insertPlan(t.db, 'Охрана труда операторов');
    ids.topic = await insertTopic(t.db, ids.plan, 'Допуск к работам');
    ids.otherPlan = await insertPlan(t.db, 'Другой план');
    ids.otherTopic = await insertTopic(t.db, ids.otherPlan, 'Другая тема');
    admin = { id: await t.idOf(Role.Admin), token: await t.tokenOf(Role.Admin), fullName: '' };
    teacher = { id: await t.idOf(Role.Teacher), token: await t.tokenOf(Role.Teacher), fullName: 'Петров Андрей Викторович' };
    otherTeacher = await person(Role.Teacher, 'Сейткали Марат Ерланович');
    ann = await person(Role.Trainee, 'Ахметова Анна Сергеевна', ids.plan);
    ben = await person(Role.Trainee, 'Беков Бахыт Нурланович', ids.plan);
    cat = await person(Role.Trainee, 'Касымова Камила Ержановна', ids.otherPlan);
    ids.webinar = await webinar('Допуск к работам на высоте', teacher.id);
    ids.othersWebinar = await webinar('Электробезопасность', otherTeacher.id);
    ids.archived = await webinar('Отменённый вебинар', teacher.id, { archived: true });
  });
  afterAll(() => t.close());

  let threadId: number;
  let answerId: number;
  let filePath: string;
  const file = pdf('ответ преподавателя');

  it('takes a trainee’s question and shows it to the webinar’s teacher as unread', async () => {
    const asked = await ask(ann, '  Нужен ли допуск для работ на высоте 1,5 м?  ');
    expect(asked.statusCode, asked.body).toBe(200);
    const body = asked.json();
    threadId = body.AnswerID;
    expect(body).toEqual({ status: true, message: 'Вопрос отправлен преподавателю', AnswerID: threadId, data: { ID: threadId } });

    const seen = await threadOf(teacher, threadId);
    expect(seen).toEqual({
      ID: threadId,
      WebID: ids.webinar,
      UserID: ann.id,
      QuestionText: 'Нужен ли допуск для работ на высоте 1,5 м?',
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      Read: false,
      User: { ID: ann.id, Fullname: ann.fullName, Duty: 'Оператор', RoleID: Role.Trainee },
      Webinar: {
        ID: ids.webinar,
        Webinarname: 'Допуск к работам на высоте',
        Startdate: '2026-11-25T04:00:00.000Z',
        Description: 'Описание: Допуск к работам на высоте',
        Teacher: teacher.fullName,
      },
      Answer: [],
    });
    expect(await threadOf(teacher, threadId, `?web=${ids.webinar}`)).toMatchObject({ ID: threadId, Read: false });
    // the trainee wrote it, so it is read on their side
    expect(await threadOf(ann, threadId)).toMatchObject({ Read: true, Answer: [] });
  });

  it('marks the thread read for the teacher', async () => {
    const read = await markRead(teacher, threadId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ status: true, message: 'Отмечено как прочитанное' });
    expect(await threadOf(teacher, threadId)).toMatchObject({ Read: true });
  });

  it('lets the teacher answer with a file that the trainee sees, unread until they open the conversation', async () => {
    const answered = await reply(teacher, threadId, 'Да, от 1,8 м — только с допуском.');
    expect(answered.statusCode, answered.body).toBe(200);
    answerId = answered.json().data.ID;
    expect(answered.json()).toEqual({ status: true, message: 'Сообщение отправлено', data: { ID: answerId } });

    const uploaded = await attach(teacher, answerId, file);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const docs = uploaded.json().docs;
    expect(docs).toEqual([
      { ID: expect.any(Number), Name: 'ответ.pdf', type: 'application/pdf', Size: file.length, Path: expect.stringMatching(ANSWER_FILE) },
    ]);
    filePath = docs[0].Path;
    expect(uploaded.json()).toMatchObject({ status: true });

    // the teacher wrote last: still read on their side
    expect(await threadOf(teacher, threadId)).toMatchObject({ Read: true });

    const seen = await threadOf(ann, threadId);
    expect(seen?.Read).toBe(false);
    expect(seen?.Answer).toEqual([
      {
        ID: answerId,
        AnswerText: 'Да, от 1,8 м — только с допуском.',
        CreatedAt: expect.any(String),
        User: { ID: teacher.id, Fullname: teacher.fullName, RoleID: Role.Teacher },
        Documents: docs,
      },
    ]);

    const download = await t.app.inject({ method: 'GET', url: filePath, headers: bearer(ann.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment');
    expect(download.rawPayload.equals(file)).toBe(true);

    // the conversation page loads the thread with ?web=: that reads it
    expect(await threadOf(ann, threadId, `?web=${ids.webinar}`)).toMatchObject({ Read: true });
    expect(await threadOf(ann, threadId)).toMatchObject({ Read: true });
  });

  it('adds a second question to the same thread, unread for the teacher again', async () => {
    const again = await ask(ann, 'А если работы ведутся с лестницы?');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ AnswerID: threadId, data: { ID: threadId } });

    const seen = await threadOf(teacher, threadId);
    expect(seen).toMatchObject({ Read: false, QuestionText: 'Нужен ли допуск для работ на высоте 1,5 м?' });
    expect(seen?.Answer.map((a: ProblemAnswer) => [a.User.ID, a.AnswerText, a.Documents.length])).toEqual([
      [teacher.id, 'Да, от 1,8 м — только с допуском.', 1],
      [ann.id, 'А если работы ведутся с лестницы?', 0],
    ]);
    expect(await threadOf(ann, threadId)).toMatchObject({ Read: true });
    const rows = await t.db.selectFrom('problems').select('id').where('user_id', '=', ann.id).execute();
    expect(rows.map((r) => r.id)).toEqual([threadId]);
  });

  it('lets the trainee write in their thread and the teacher read it by opening it', async () => {
    await markRead(teacher, threadId);
    const written = await reply(ann, threadId, 'Спасибо, понятно.');
    expect(written.statusCode).toBe(200);
    expect(await threadOf(teacher, threadId)).toMatchObject({ Read: false });
    expect(await threadOf(ann, threadId)).toMatchObject({ Read: true });
    expect((await markRead(ann, threadId)).statusCode).toBe(200);
    expect((await markRead(teacher, threadId)).statusCode).toBe(200);
    expect(await threadOf(teacher, threadId)).toMatchObject({ Read: true });
  });

  it('makes one thread of two first questions sent at once', async () => {
    const [first, second] = await Promise.all([ask(ben, 'Первый вопрос'), ask(ben, 'Второй вопрос')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().AnswerID).toBe(second.json().AnswerID);
    const [thread] = await threads(ben);
    expect(thread.ID).toBe(first.json().AnswerID);
    expect([thread.QuestionText, ...thread.Answer.map((a: ProblemAnswer) => a.AnswerText)].sort()).toEqual([
      'Второй вопрос',
      'Первый вопрос',
    ]);
  });

  it('shows a trainee only their own threads, and a webinar’s only with access to it', async () => {
    const bens = await threads(ben);
    expect(bens.map((p) => p.UserID)).toEqual([ben.id]);
    expect((await threads(ben, `?web=${ids.webinar}`)).map((p) => p.UserID)).toEqual([ben.id]);
    expect(await threads(cat)).toEqual([]);
    expect((await call('GET', `/problem/get?web=${ids.webinar}`, cat)).statusCode).toBe(404);
    expect((await call('GET', '/problem/get?web=999999', ann)).statusCode).toBe(404);
    // reading someone else's thread by id is no more possible than writing in it
    for (const refused of [await reply(ben, threadId, 'Чужая тема'), await markRead(ben, threadId), await reply(cat, threadId, 'Чужая')]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ status: false, message: 'Вопрос не найден' });
    }
  });

  it('shows a teacher only their webinars’ threads and lets no other teacher answer', async () => {
    const mine = await threads(teacher);
    expect(new Set(mine.map((p) => p.WebID))).toEqual(new Set([ids.webinar]));
    expect(await threads(otherTeacher)).toEqual([]);
    expect((await call('GET', `/problem/get?web=${ids.webinar}`, otherTeacher)).statusCode).toBe(404);
    const answered = await reply(otherTeacher, threadId, 'Отвечу за коллегу');
    expect(answered.statusCode).toBe(404);
    expect(answered.json()).toEqual({ status: false, message: 'Вопрос не найден' });
    expect((await markRead(otherTeacher, threadId)).statusCode).toBe(404);
    expect((await reply(teacher, 999999, 'Нет такой темы')).statusCode).toBe(404);
  });

  it('shows an administrator every thread, read-only, with the teacher’s read state', async () => {
    const onOthers = (await ask(ann, 'Вопрос по электробезопасности', ids.othersWebinar)).json().AnswerID;
    const all = await threads(admin);
    expect(all.map((p) => p.ID)).toEqual(expect.arrayContaining([threadId, onOthers]));
    // the most recent activity first
    expect(all[0].ID).toBe(onOthers);
    expect(all.find((p) => p.ID === onOthers)).toMatchObject({ Read: false, Webinar: { Teacher: otherTeacher.fullName } });
    expect(all.find((p) => p.ID === threadId)).toMatchObject({ Read: true });
    expect((await threads(admin, `?web=${ids.othersWebinar}`)).map((p) => p.ID)).toEqual([onOthers]);

    for (const refused of [await reply(admin, threadId, 'Администратор'), await markRead(admin, threadId)]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(FORBIDDEN);
    }
  });

  it('refuses empty texts, unknown and archived webinars, and callers outside the conversation', async () => {
    const empty = await ask(ann, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: false, fields: expect.anything() });
    expect((await reply(teacher, threadId, '')).statusCode).toBe(400);
    expect((await call('POST', '/problem/answer/new', teacher, { ProblemID: threadId })).statusCode).toBe(400);
    expect((await call('POST', '/problem/new', ann, { QuestionText: 'Без вебинара' })).statusCode).toBe(400);

    for (const webId of [999999, ids.archived]) {
      const response = await ask(ann, 'Вопрос', webId);
      expect(response.statusCode, `webinar ${webId}`).toBe(404);
      expect(response.json().status).toBe(false);
    }
    // a trainee of another plan may not ask about this webinar
    expect((await ask(cat, 'Можно спросить?')).statusCode).toBe(404);
    // staff do not ask questions
    expect((await ask(teacher, 'Вопрос себе')).statusCode).toBe(403);

    await expectRefused(t, [Role.Examiner, Role.Region], [['GET', '/problem/get']]);
    await expectRefused(
      t,
      [Role.Examiner, Role.Region, Role.Admin],
      [
        ['POST', '/problem/answer/new', { AnswerText: 'Текст', ProblemID: threadId }],
        ['PUT', `/problem/read/id:${threadId}`],
      ],
    );
    await expectRefused(
      t,
      [Role.Examiner, Role.Region, Role.Admin, Role.Teacher],
      [['POST', '/problem/new', { QuestionText: 'Текст', WebID: ids.webinar }]],
    );
  });

  it('speaks the caller’s language', async () => {
    const english = await call('POST', '/problem/answer/new', ben, { AnswerText: 'Hi', ProblemID: threadId }, 'en');
    expect(english.json()).toEqual({ status: false, message: 'Question not found' });
    const kazakh = await call('POST', '/problem/new', ann, { QuestionText: 'Сұрақ', WebID: ids.webinar }, 'kk');
    expect(kazakh.json().message).toBe('Сұрақ оқытушыға жіберілді');
  });

  it('lets only an answer’s author attach files to it', async () => {
    const before = await fs.readdir(path.join(t.config.DATA_DIR, 'files', 'answers'));
    const annsAnswer = (await reply(ann, threadId, 'Прикладываю фото лестницы')).json().data.ID;

    const refusedAuthor = await attach(ann, answerId, pdf('чужое'));
    expect(refusedAuthor.statusCode).toBe(403);
    expect(refusedAuthor.json()).toEqual({ status: false, message: 'Прикрепить файл к сообщению может только его автор' });
    expect((await attach(teacher, annsAnswer, pdf('чужое'))).statusCode).toBe(403);
    expect((await attach(admin, answerId, pdf('чужое'))).statusCode).toBe(403);
    for (const outsider of [ben, otherTeacher]) {
      const response = await attach(outsider, answerId, pdf('чужое'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: false, message: 'Сообщение не найдено' });
    }
    expect((await attach(teacher, 999999, pdf('нет'))).statusCode).toBe(404);
    expect((await attach(teacher, 'abc', pdf('нет'))).statusCode).toBe(400);
    // nothing stored for the refused uploads
    expect(await fs.readdir(path.join(t.config.DATA_DIR, 'files', 'answers'))).toEqual(before);

    const png = tinyPng();
    const parts: MultipartPart[] = [{ name: 'AnswerID', value: String(annsAnswer) }, filePart(png, 'лестница.png', 'image/png')];
    const uploaded = await postMultipart(t.app, '/uploadF', parts, ann.token);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().docs).toEqual([
      {
        ID: expect.any(Number),
        Name: 'лестница.png',
        type: 'image/png',
        Size: png.length,
        Path: expect.stringMatching(/^\/files\/answers\/[0-9a-f]{32}\.png$/),
      },
    ]);
    const second = await attach(ann, annsAnswer, pdf('схема'), 'схема.pdf');
    expect(second.json().docs.map((d: { Name: string }) => d.Name)).toEqual(['лестница.png', 'схема.pdf']);

    const seen = (await threadOf(teacher, threadId))?.Answer.find((a: ProblemAnswer) => a.ID === annsAnswer);
    expect(seen?.Documents).toEqual(second.json().docs);
    // a file that is not a document is refused by its content
    const text = await postMultipart(
      t.app,
      '/uploadF',
      [{ name: 'AnswerID', value: String(annsAnswer) }, filePart(Buffer.from('plain text'), 'a.pdf', 'application/pdf')],
      ann.token,
    );
    expect(text.statusCode).toBe(415);
  });

  it('keeps the threads of an archived webinar readable', async () => {
    const onArchived = await t.db
      .insertInto('problems')
      .values({ webinar_id: ids.archived, user_id: ann.id, question_text: 'Вопрос до отмены' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await threadOf(ann, onArchived.id))?.QuestionText).toBe('Вопрос до отмены');
    expect(await threadOf(teacher, onArchived.id)).toMatchObject({ Read: false, Webinar: { Webinarname: 'Отменённый вебинар' } });
    expect((await reply(teacher, onArchived.id, 'Ответ после отмены')).statusCode).toBe(200);
    expect(await threadOf(ann, onArchived.id)).toMatchObject({ Read: false });
  });

  it('reads any number of threads in three queries: threads, answers, files', async () => {
    const count = async () => {
      const executor = t.db.getExecutor();
      const original = executor.executeQuery.bind(executor);
      let queries = 0;
      // the session lookup may or may not be cached: count this module's queries only
      executor.executeQuery = ((...args: Parameters<typeof original>) => {
        if (args[0].sql.includes('problem')) queries += 1;
        return original(...args);
      }) as typeof executor.executeQuery;
      try {
        await threads(admin);
      } finally {
        executor.executeQuery = original;
      }
      return queries;
    };
    const before = await count();
    expect(before).toBe(3);
    for (let i = 0; i < 5; i++) {
      const trainee = await person(Role.Trainee, `Слушатель ${i}`, ids.plan);
      const id = (await ask(trainee, `Вопрос ${i}`)).json().AnswerID;
      const reply1 = (await reply(teacher, id, `Ответ ${i}`)).json().data.ID;
      await attach(teacher, reply1, pdf(`файл ${i}`));
    }
    expect(await count()).toBe(before);
  });
});

describe('question thread rate limit', () => {
  let t: TestApp;
  let webinarId: number;

  beforeAll(async () => {
    t = await createTestApp({ THREAD_MESSAGES_PER_MINUTE: '2' });
    const trainee = await t.db
      .selectFrom('users')
      .select(['plan_id'])
      .where('id', '=', await t.idOf(Role.Trainee))
      .executeTakeFirstOrThrow();
    const topic = await t.db
      .selectFrom('topics')
      .select('id')
      .where('plan_id', '=', trainee.plan_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    webinarId = (
      await t.db
        .insertInto('webinars')
        .values({
          name: 'Вебинар с вопросами',
          plan_id: trainee.plan_id!,
          topic_id: topic.id,
          teacher_id: await t.idOf(Role.Teacher),
          begin_time: new Date(),
          duration_minutes: 60,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const post = async (role: number, url: string, payload: object, language = 'ru') =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(await t.tokenOf(role)), 'accept-language': language } });

  it('refuses a person’s 3rd question or message within a minute with 429 in their language; others still write', async () => {
    const asked = await post(Role.Trainee, '/problem/new', { WebID: webinarId, QuestionText: 'Первый вопрос' });
    expect(asked.statusCode).toBe(200);
    const threadId = asked.json().AnswerID as number;
    expect((await post(Role.Trainee, '/problem/new', { WebID: webinarId, QuestionText: 'Второй вопрос' })).statusCode).toBe(200);
    const refused = await post(Role.Trainee, '/problem/new', { WebID: webinarId, QuestionText: 'Третий вопрос' }, 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: 'Too many requests, try again later' });

    // the teacher's answers are counted for the teacher alone
    for (const text of ['Ответ 1', 'Ответ 2']) {
      expect((await post(Role.Teacher, '/problem/answer/new', { ProblemID: threadId, AnswerText: text })).statusCode).toBe(200);
    }
    const third = await post(Role.Teacher, '/problem/answer/new', { ProblemID: threadId, AnswerText: 'Ответ 3' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ status: false, message: 'Слишком много запросов, попробуйте позже' });
    const texts = await t.db.selectFrom('problem_answers').select('answer_text').where('problem_id', '=', threadId).execute();
    expect(texts.map((a) => a.answer_text)).not.toContain('Ответ 3');
    expect(texts.map((a) => a.answer_text)).not.toContain('Третий вопрос');
    // the trainee's own answers have a count of their own
    expect((await post(Role.Trainee, '/problem/answer/new', { ProblemID: threadId, AnswerText: 'Спасибо' })).statusCode).toBe(200);
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Role, type RoleId, WEBINAR_STATUS, type WebinarEvent } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { WebinarEventHub } from '../../plugins/realtime.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertAttempt, insertPlan, insertQuestion, insertTest, insertTopic } from '../../test/catalogue.js';
import { nextIin, tinyPng } from '../../test/factories.js';
import { auditOf, expectRefused, FORBIDDEN } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';
import { hashToken } from '../auth/auth.service.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field
type Json = any;

const STREAM = 'https://stream.example/?wid={id}&username={name}&teacher={teacher}';
const NOT_FOUND = { status: false, message: 'Вебинар не найден' };
const NOT_OWN = { status: false, message: 'Это не ваш вебинар: его ведёт другой преподаватель' };
const NOT_YET = { status: false, message: 'Вебинар ещё не начался: вход открывается за 30 минут до начала' };
const FINISHED = { status: false, message: 'Вебинар уже завершён' };
const { Waiting, Live, Finished } = WEBINAR_STATUS;

/** `minutes` from now as the original client sends it: `YYYY-MM-DDTHH:mm+06:00`. */
function almatyTime(minutesFromNow: number): string {
  const at = new Date(Date.now() + minutesFromNow * 60_000 + 6 * 3600_000);
  return `${at.toISOString().slice(0, 16)}+06:00`;
}

/** A small but well-formed PDF document. */
const pdf = (text = 'Материалы') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** The head of an MP4 file: enough for its type to be read from the content. */
const mp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2mp41'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('free'),
  ]);

interface Person {
  id: number;
  token: string;
}

describe('webinars', () => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let trainee: string;
  let examiner: string;
  let planId: number;
  let topicId: number;
  let teacherId: number;
  let traineeId: number;
  /** Another teacher, and a trainee of another plan. */
  let otherTeacher: Person;
  let outsider: Person;
  let publish: MockInstance<(webinarId: number, event: WebinarEvent) => Promise<void>>;

  beforeAll(async () => {
    t = await createTestApp({ STREAM_PAGE_URL: STREAM });
    [admin, teacher, trainee, examiner] = await Promise.all([
      t.tokenOf(Role.Admin),
      t.tokenOf(Role.Teacher),
      t.tokenOf(Role.Trainee),
      t.tokenOf(Role.Examiner),
    ]);
    teacherId = await t.idOf(Role.Teacher);
    traineeId = await t.idOf(Role.Trainee);
    const me = await t.db.selectFrom('users').select('plan_id').where('id', '=', traineeId).executeTakeFirstOrThrow();
    planId = me.plan_id as number;
    topicId = (await t.db.selectFrom('topics').select('id').where('plan_id', '=', planId).orderBy('id').executeTakeFirstOrThrow()).id;
    otherTeacher = await person(Role.Teacher, 'Другой Преподаватель Иванович');
    const elsewhere = await insertPlan(t.db, 'План другого цеха');
    outsider = await person(Role.Trainee, 'Слушатель Другого Плана', { planId: elsewhere });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    publish = vi.spyOn(WebinarEventHub.prototype, 'publish');
  });
  afterEach(() => publish.mockRestore());

  // ——— helpers ———

  async function tokenFor(userId: number) {
    const token = randomBytes(32).toString('base64url');
    await t.db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    return token;
  }

  async function person(role: RoleId, name: string, values: { planId?: number | null; blocked?: boolean } = {}): Promise<Person> {
    const row = await t.db
      .insertInto('users')
      .values({
        role_id: role,
        iin: nextIin(),
        full_name: name,
        password_hash: 'not-a-hash',
        plan_id: values.planId ?? null,
        is_blocked: values.blocked ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, token: await tokenFor(row.id) };
  }

  async function call(token: string | undefined, method: InjectOptions['method'], url: string, payload?: object, headers = {}) {
    const response = await t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...headers } });
    return { status: response.statusCode, body: response.json() as Json };
  }

  const body = (overrides: Record<string, unknown> = {}, minutes = 2 * 24 * 60) => ({
    Name: 'Вебинар по охране труда',
    Description: 'Описание',
    BeginTime: almatyTime(minutes),
    Duration: 60,
    PlanID: planId,
    TopicID: topicId,
    TeacherID: teacherId,
    ...overrides,
  });

  /** Schedules a webinar (in two days unless moved); answers its id. */
  async function schedule(overrides: Record<string, unknown> = {}, token = admin) {
    const response = await call(token, 'POST', '/api/web/new', body(overrides));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.web.ID as number;
  }

  /** Moves a webinar's start to now + `seconds` on the database's clock (negative: the past). */
  async function beginIn(webinarId: number, seconds: number) {
    await t.db
      .updateTable('webinars')
      .set({ begin_time: sql`now() + make_interval(secs => ${seconds})` })
      .where('id', '=', webinarId)
      .execute();
  }

  /** A webinar of the demo teacher in progress: it began a minute ago. */
  async function liveWebinar(overrides: Record<string, unknown> = {}) {
    const id = await schedule(overrides);
    await beginIn(id, -60);
    return id;
  }

  const details = (id: number, token = admin) => call(token, 'GET', `/api/web/getweb/${id}`);
  const statusOf = async (id: number) => (await details(id)).body.data.Status;
  const eventsOf = (webinarId: number) => publish.mock.calls.filter(([id]) => id === webinarId).map(([, event]) => event);
  const upload = (parts: MultipartPart[], token = teacher) => postMultipart(t.app, '/uploadF', parts, token);
  const stored = async (filePath: string) =>
    fs
      .access(path.join(t.config.DATA_DIR, 'files', filePath.replace(/^\/files\//, '')))
      .then(() => true)
      .catch(() => false);

  // ——— scheduling ———

  describe('scheduling', () => {
    it('creates a webinar with a +06:00 start and reads it back with its plan, topic, teacher and status', async () => {
      const begin = almatyTime(3 * 24 * 60);
      const response = await call(
        admin,
        'POST',
        '/api/web/new',
        body({ Name: 'Права и обязанности работника', BeginTime: begin, Duration: 90 }),
      );
      expect(response).toMatchObject({ status: 200, body: { status: true, message: 'Вебинар создан', web: { ID: expect.any(Number) } } });
      const id = response.body.web.ID;

      const read = await details(id);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({
        ID: id,
        Webinarname: 'Права и обязанности работника',
        Description: 'Описание',
        Startdate: new Date(begin).toISOString(),
        BeginTime: new Date(begin).toISOString(),
        Duration: 90,
        Status: Waiting,
        PlanID: planId,
        Planname: 'Охрана труда и промышленная безопасность',
        TopicID: topicId,
        Topicname: 'Законодательство Республики Казахстан о безопасности и охране труда',
        TeacherID: teacherId,
        Teacher: { ID: teacherId, Fullname: 'Петров Андрей Викторович' },
        Preview: null,
        Docs: [],
        StartedAt: null,
        EndedAt: null,
        MessageStatus: false,
      });
      expect(Date.parse(read.body.data.Now)).toBeGreaterThan(Date.now() - 60_000);
      expect(await auditOf(t, id, 'webinar.')).toEqual([
        {
          actor_id: await t.idOf(Role.Admin),
          action: 'webinar.create',
          details: expect.objectContaining({ name: 'Права и обязанности работника', plan: planId, topic: topicId, teacher: teacherId }),
        },
      ]);
    });

    it('accepts the spec’s second spellings (Webinarname, Startdate) and any offset', async () => {
      const { Name: _name, BeginTime: _begin, ...rest } = body();
      const response = await call(admin, 'POST', '/api/web/new', {
        ...rest,
        Webinarname: 'Вебинар со вторым написанием',
        Startdate: '2030-05-04T09:30:00Z',
      });
      expect(response.status).toBe(200);
      const read = (await details(response.body.web.ID)).body.data;
      expect(read).toMatchObject({ Webinarname: 'Вебинар со вторым написанием', Startdate: '2030-05-04T09:30:00.000Z' });
    });

    it('refuses malformed fields (400) with the field named', async () => {
      const missing = await call(admin, 'POST', '/api/web/new', body({ Name: '  ' }));
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual([{ path: 'Name', message: 'Обязательное поле' }]);
      const noOffset = await call(admin, 'POST', '/api/web/new', body({ BeginTime: '2030-05-04T09:30' }));
      expect(noOffset.status).toBe(400);
      expect(noOffset.body.fields).toEqual([
        { path: 'BeginTime', message: 'Укажите дату и время начала в формате ISO 8601 с часовым поясом, например 2026-11-25T10:00+06:00' },
      ]);
      const longOne = await call(admin, 'POST', '/api/web/new', body({ Duration: 0 }));
      expect(longOne.status).toBe(400);
      expect(longOne.body.fields[0].path).toBe('Duration');
    });

    it('refuses a plan, topic or teacher that does not fit (422) with a clear message', async () => {
      const other = await insertPlan(t.db, 'План для проверки темы');
      const otherTopic = await insertTopic(t.db, other, 'Тема чужого плана');
      const blocked = await person(Role.Teacher, 'Заблокированный Преподаватель', { blocked: true });
      const cases: [Record<string, unknown>, string][] = [
        [{ PlanID: 999_999 }, 'Выбранный план обучения не найден'],
        [{ TopicID: 999_999 }, 'Выбранная тема не найдена'],
        [
          { TopicID: otherTopic },
          'Тема «Тема чужого плана» относится к другому плану обучения: выберите тему плана «Охрана труда и промышленная безопасность»',
        ],
        [{ TeacherID: 999_999 }, 'Выбранный преподаватель не найден'],
        [
          { TeacherID: traineeId },
          '«Жумабаева Айгерим Болатовна» не является преподавателем вебинаров: выберите пользователя с ролью преподавателя',
        ],
        [{ TeacherID: blocked.id }, 'Преподаватель «Заблокированный Преподаватель» заблокирован: выберите другого преподавателя'],
      ];
      for (const [overrides, message] of cases) {
        const response = await call(admin, 'POST', '/api/web/new', body(overrides));
        expect(response, JSON.stringify(overrides)).toMatchObject({ status: 422, body: { status: false, message } });
      }
      const english = await call(admin, 'POST', '/api/web/new', body({ TeacherID: 999_999 }), { 'accept-language': 'en' });
      expect(english.body.message).toBe('The chosen teacher was not found');
      const kazakh = await call(admin, 'POST', '/api/web/new', body({ PlanID: 999_999 }), { 'accept-language': 'kk' });
      expect(kazakh.body.message).toBe('Таңдалған оқу жоспары табылмады');
    });

    it('lets a teacher schedule, edit and delete only webinars they run; an examiner any', async () => {
      const own = await schedule({ Name: 'Вебинар преподавателя' }, teacher);
      expect(await call(teacher, 'POST', '/api/web/new', body({ TeacherID: otherTeacher.id }))).toMatchObject({
        status: 403,
        body: { message: 'Преподаватель может назначать вебинары только себе' },
      });
      const theirs = await schedule({ TeacherID: otherTeacher.id });
      expect(await call(teacher, 'PUT', `/api/web/updateweb/${theirs}`, body())).toMatchObject({ status: 403, body: NOT_OWN });
      expect(await call(teacher, 'DELETE', `/api/web/deleteweb/${theirs}`)).toMatchObject({ status: 403, body: NOT_OWN });
      // nor hand their own to someone else
      expect((await call(teacher, 'PUT', `/api/web/updateweb/${own}`, body({ TeacherID: otherTeacher.id }))).status).toBe(403);
      expect((await call(teacher, 'PUT', `/api/web/updateweb/${own}`, body({ Name: 'Переименован преподавателем' }))).status).toBe(200);

      const byExaminer = await call(
        examiner,
        'PUT',
        `/api/web/updateweb/${theirs}`,
        body({ TeacherID: otherTeacher.id, Name: 'Изменил экзаменатор' }),
      );
      expect(byExaminer).toMatchObject({ status: 200, body: { status: true, message: 'Изменения вебинара сохранены' } });
      expect((await details(theirs)).body.data).toMatchObject({ Webinarname: 'Изменил экзаменатор', TeacherID: otherTeacher.id });
      expect((await call(teacher, 'DELETE', `/api/web/deleteweb/${own}`)).body).toEqual({
        status: true,
        message: 'Вебинар удалён',
        archived: false,
      });
    });

    it('updates every field, keeps an audit trail, and answers 404 for an unknown webinar', async () => {
      const id = await schedule();
      const other = await person(Role.Teacher, 'Новый Преподаватель');
      const secondTopic = (
        await t.db
          .selectFrom('topics')
          .select('id')
          .where('plan_id', '=', planId)
          .orderBy('id')
          .offset(1)
          .limit(1)
          .executeTakeFirstOrThrow()
      ).id;
      const update = body({
        Name: 'Новое название',
        Description: 'Новое описание',
        BeginTime: '2031-01-10T11:00+05:00',
        Duration: 45,
        TopicID: secondTopic,
        TeacherID: other.id,
      });
      expect((await call(admin, 'PUT', `/api/web/updateweb/${id}`, update)).status).toBe(200);
      expect((await details(id)).body.data).toMatchObject({
        Webinarname: 'Новое название',
        Description: 'Новое описание',
        Startdate: '2031-01-10T06:00:00.000Z',
        Duration: 45,
        TopicID: secondTopic,
        TeacherID: other.id,
      });
      const audit = await auditOf(t, id, 'webinar.update');
      expect(audit[0]?.details).toMatchObject({ name: 'Новое название', previous: { teacher: teacherId, topic: topicId } });
      expect(await call(admin, 'PUT', '/api/web/updateweb/999999', update)).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await call(admin, 'DELETE', '/api/web/deleteweb/999999')).toMatchObject({ status: 404, body: NOT_FOUND });
    });

    it('lists webinars a page at a time, newest start first, searched and filtered, without archived ones', async () => {
      const marker = `Поиск-${randomBytes(3).toString('hex')}`;
      const early = await schedule({ Name: `${marker} ранний` }, admin);
      const late = await schedule({ Name: `${marker} поздний`, BeginTime: almatyTime(10 * 24 * 60) });
      const byOther = await schedule({ Name: `${marker} другой`, TeacherID: otherTeacher.id, BeginTime: almatyTime(5 * 24 * 60) });
      const list = async (query: string, token = admin) => {
        const response = await call(token, 'GET', `/api/web/getwebinars?${query}`);
        expect(response.status).toBe(200);
        return response.body;
      };
      const found = await list(`search=${encodeURIComponent(marker)}`);
      expect(found).toMatchObject({ status: true, pages: 1, total: 3 });
      expect(found.data.map((w: Json) => w.ID)).toEqual([late, byOther, early]);
      expect((await list(`search=${encodeURIComponent(marker)}&teacher=${otherTeacher.id}`)).data.map((w: Json) => w.ID)).toEqual([
        byOther,
      ]);
      expect((await list(`search=${encodeURIComponent(marker)}&plan=${planId}`)).total).toBe(3);
      // a teacher and an examiner read the whole list too (section webinars)
      expect((await list(`search=${encodeURIComponent(marker)}`, teacher)).total).toBe(3);
      expect((await list(`search=${encodeURIComponent(marker)}`, examiner)).total).toBe(3);
      // the teacher's name finds them as well
      expect((await list(`search=${encodeURIComponent('Другой Преподаватель')}`)).data.some((w: Json) => w.ID === byOther)).toBe(true);

      await t.db.insertInto('webinar_attendance').values({ webinar_id: byOther, user_id: traineeId }).execute();
      expect((await call(admin, 'DELETE', `/api/web/deleteweb/${byOther}`)).body.archived).toBe(true);
      expect((await list(`search=${encodeURIComponent(marker)}`)).total).toBe(2);
      const page2 = await list('page=2');
      expect(page2.data.length).toBe(Math.max(0, Math.min(20, page2.total - 20)));
      await expectRefused(t, [Role.Trainee, Role.Region], [['GET', '/api/web/getwebinars']]);
    });

    it('deletes a webinar nobody took part in, with its documents, preview and their files', async () => {
      const id = await schedule();
      const doc = await upload([{ name: 'WebID', value: String(id) }, filePart(pdf(), 'план.pdf')], admin);
      const docPath = doc.json().docs[0].Path;
      const preview = await upload(
        [{ name: 'WebID', value: String(id) }, { name: 'Types', value: 'preview' }, filePart(mp4(), 'превью.mp4')],
        admin,
      );
      const previewPath = preview.json().Preview.Path;
      expect(await stored(docPath)).toBe(true);
      expect(await stored(previewPath)).toBe(true);

      expect((await call(admin, 'DELETE', `/api/web/deleteweb/${id}`)).body).toEqual({
        status: true,
        message: 'Вебинар удалён',
        archived: false,
      });
      expect(await details(id)).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await t.db.selectFrom('webinars').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect(await stored(docPath)).toBe(false);
      expect(await stored(previewPath)).toBe(false);
      expect((await auditOf(t, id, 'webinar.delete')).length).toBe(1);
    });

    it('archives a webinar with chat, attendance, presence or question threads: hidden everywhere, records kept', async () => {
      const records: [string, (id: number) => Promise<unknown>][] = [
        [
          'chat',
          (id) => t.db.insertInto('chat_messages').values({ webinar_id: id, user_id: teacherId, message: 'Здравствуйте' }).execute(),
        ],
        ['attendance', (id) => t.db.insertInto('webinar_attendance').values({ webinar_id: id, user_id: traineeId }).execute()],
        ['presence', (id) => t.db.insertInto('webinar_presence').values({ webinar_id: id, user_id: traineeId }).execute()],
        ['thread', (id) => t.db.insertInto('problems').values({ webinar_id: id, user_id: traineeId, question_text: 'Вопрос' }).execute()],
      ];
      for (const [kind, record] of records) {
        const id = await schedule({ Name: `Архивный (${kind})` });
        await record(id);
        const response = await call(admin, 'DELETE', `/api/web/deleteweb/${id}`);
        expect(response.body, kind).toEqual({
          status: true,
          message: 'Вебинар перенесён в архив: в нём уже есть чат, посещения или вопросы слушателей, они сохранены',
          archived: true,
        });
        const row = await t.db.selectFrom('webinars').select('archived_at').where('id', '=', id).executeTakeFirstOrThrow();
        expect(row.archived_at, kind).not.toBeNull();
        for (const token of [admin, teacher, trainee]) expect((await details(id, token)).status, kind).toBe(404);
        expect((await call(teacher, 'GET', '/api/web/teacherweb')).body.data.some((w: Json) => w.ID === id)).toBe(false);
        expect((await call(trainee, 'GET', '/api/web/getuserweb')).body.data.some((w: Json) => w.ID === id)).toBe(false);
        expect(await call(admin, 'DELETE', `/api/web/deleteweb/${id}`)).toMatchObject({ status: 404 });
        expect((await auditOf(t, id, 'webinar.archive')).length).toBe(1);
      }
    });

    it('is refused to trainees and region accounts, and to callers without a token', async () => {
      const id = await schedule();
      await expectRefused(
        t,
        [Role.Trainee, Role.Region],
        [
          ['POST', '/api/web/new', body()],
          ['PUT', `/api/web/updateweb/${id}`, body()],
          ['DELETE', `/api/web/deleteweb/${id}`],
        ],
      );
    });
  });

  // ——— status ———

  describe('status', () => {
    it("reads 'Ожидается' until 30 minutes before the start, then 'В процессе' (±1 s)", async () => {
      const id = await schedule();
      await beginIn(id, 30 * 60 + 1);
      expect(await statusOf(id)).toBe(Waiting);
      await beginIn(id, 30 * 60 - 1);
      expect(await statusOf(id)).toBe(Live);
    });

    it("reads 'Завершен' once the grace after the scheduled end has passed (±1 s), or once ended", async () => {
      const grace = t.config.WEBINAR_GRACE_MINUTES;
      expect(grace).toBe(60);
      const id = await schedule({ Duration: 45 });
      await beginIn(id, -((45 + grace) * 60) + 1);
      expect(await statusOf(id)).toBe(Live);
      await beginIn(id, -((45 + grace) * 60) - 1);
      expect(await statusOf(id)).toBe(Finished);

      const ended = await liveWebinar();
      expect(await statusOf(ended)).toBe(Live);
      await t.db.updateTable('webinars').set({ ended_at: sql`now()` }).where('id', '=', ended).execute();
      expect(await statusOf(ended)).toBe(Finished);
      // the lists say the same
      const mine = (await call(teacher, 'GET', '/api/web/teacherweb')).body.data.find((w: Json) => w.ID === ended);
      expect(mine.Status).toBe(Finished);
    });
  });

  // ——— start, end, join ———

  describe('starting and ending', () => {
    it("lets the teacher start their webinar once it is 'В процессе': recorded once, rooms told", async () => {
      const id = await schedule();
      await beginIn(id, 31 * 60);
      expect(await call(teacher, 'POST', '/api/web/startweb', { WebID: id })).toMatchObject({ status: 422, body: NOT_YET });

      await beginIn(id, 29 * 60);
      const started = await call(teacher, 'POST', '/api/web/startweb', { WebID: id });
      expect(started).toMatchObject({ status: 200, body: { status: true, message: 'Вебинар начат', data: { Status: Live } } });
      const first = await t.db.selectFrom('webinars').select('started_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(first.started_at).not.toBeNull();
      expect(eventsOf(id)).toEqual([{ type: 'status', data: { Status: Live, EndedAt: null } }]);

      // again: nothing changes, nobody is told twice; the alias WebinarID works too
      expect((await call(teacher, 'POST', '/api/web/startweb', { WebinarID: id })).status).toBe(200);
      const second = await t.db.selectFrom('webinars').select('started_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(second.started_at).toEqual(first.started_at);
      expect(eventsOf(id)).toHaveLength(1);
      expect((await details(id)).body.data.StartedAt).toBe(new Date(first.started_at as Date).toISOString());
      expect((await auditOf(t, id, 'webinar.start')).length).toBe(1);
    });

    it('refuses a trainee (403), another teacher (403), an examiner (403) and an unknown webinar (404)', async () => {
      const id = await liveWebinar();
      for (const [token, expected] of [
        [trainee, FORBIDDEN],
        [examiner, FORBIDDEN],
        [otherTeacher.token, NOT_OWN],
      ] as const) {
        expect(await call(token, 'POST', '/api/web/startweb', { WebID: id })).toMatchObject({ status: 403, body: expected });
        expect(await call(token, 'POST', `/api/web/endweb/id:${id}`, {})).toMatchObject({ status: 403, body: expected });
      }
      expect(await call(teacher, 'POST', '/api/web/startweb', { WebID: 999_999 })).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await call(teacher, 'POST', '/api/web/endweb/id:999999', {})).toMatchObject({ status: 404, body: NOT_FOUND });
      expect((await call(teacher, 'POST', '/api/web/startweb', {})).status).toBe(400);
      expect(await statusOf(id)).toBe(Live);
      expect(eventsOf(id)).toEqual([]);
    });

    it("ends a webinar for good: 'Завершен' with EndedAt, rooms told once, no start after", async () => {
      const id = await liveWebinar();
      const ended = await call(teacher, 'POST', `/api/web/endweb/id:${id}`, {});
      expect(ended).toMatchObject({ status: 200, body: { status: true, message: 'Вебинар завершён', data: { Status: Finished } } });
      const { EndedAt } = ended.body.data;
      expect(Date.parse(EndedAt)).toBeGreaterThan(Date.now() - 60_000);
      // (the topic's main test opening at the end is the webinar tests' business, below)
      const statusEvents = () => eventsOf(id).filter((event) => event.type === 'status');
      expect(statusEvents()).toEqual([{ type: 'status', data: { Status: Finished, EndedAt } }]);
      expect((await details(id)).body.data).toMatchObject({ Status: Finished, EndedAt });

      // the original client posts it with an empty body under a JSON content type
      const sent = eventsOf(id).length;
      const again = await call(teacher, 'POST', `/api/web/endweb/id:${id}`, undefined, { 'content-type': 'application/json' });
      expect(again.status).toBe(200);
      expect(again.body.data.EndedAt).toBe(EndedAt);
      expect(eventsOf(id)).toHaveLength(sent);
      expect(await call(teacher, 'POST', '/api/web/startweb', { WebID: id })).toMatchObject({ status: 422, body: FINISHED });
      expect((await auditOf(t, id, 'webinar.end')).length).toBe(1);
    });

    it('lets an administrator start and end any webinar; nobody ends one that has not begun', async () => {
      const id = await schedule({ TeacherID: otherTeacher.id });
      expect(await call(admin, 'POST', `/api/web/endweb/id:${id}`, {})).toMatchObject({ status: 422, body: NOT_YET });
      await beginIn(id, -60);
      expect((await call(admin, 'POST', '/api/web/startweb', { WebID: id })).status).toBe(200);
      expect((await call(admin, 'POST', `/api/web/endweb/id:${id}`, {})).status).toBe(200);
      expect(await statusOf(id)).toBe(Finished);
    });
  });

  describe('joining (attendance)', () => {
    it('records a trainee’s first join and their latest, while the webinar is in progress', async () => {
      const id = await liveWebinar();
      const joined = await call(trainee, 'POST', '/api/web/setattend', { WebID: id });
      expect(joined).toMatchObject({ status: 200, body: { status: true, message: 'Вы подключились к вебинару' } });
      const first = await t.db
        .selectFrom('webinar_attendance')
        .select(['joined_at', 'last_joined_at'])
        .where('webinar_id', '=', id)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('webinar_attendance')
        .set({ joined_at: sql`joined_at - interval '5 minutes'`, last_joined_at: sql`last_joined_at - interval '5 minutes'` })
        .where('webinar_id', '=', id)
        .execute();
      expect((await call(trainee, 'POST', '/api/web/setattend', { webID: id })).status).toBe(200);
      const rows = await t.db
        .selectFrom('webinar_attendance')
        .select(['user_id', 'joined_at', 'last_joined_at'])
        .where('webinar_id', '=', id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.user_id).toBe(traineeId);
      expect(new Date(rows[0]!.joined_at as unknown as Date).getTime()).toBe(
        new Date(first.joined_at as unknown as Date).getTime() - 5 * 60_000,
      );
      expect(new Date(rows[0]!.last_joined_at as unknown as Date).getTime()).toBeGreaterThan(
        new Date(rows[0]!.joined_at as unknown as Date).getTime(),
      );
    });

    it('refuses a join before the room opens and after the end (422), of another plan (404), and to staff (403)', async () => {
      const id = await schedule();
      expect(await call(trainee, 'POST', '/api/web/setattend', { WebID: id })).toMatchObject({ status: 422, body: NOT_YET });
      await beginIn(id, -60);
      expect(await call(outsider.token, 'POST', '/api/web/setattend', { WebID: id })).toMatchObject({ status: 404, body: NOT_FOUND });
      await t.db.updateTable('webinars').set({ ended_at: sql`now()` }).where('id', '=', id).execute();
      expect(await call(trainee, 'POST', '/api/web/setattend', { WebID: id })).toMatchObject({ status: 422, body: FINISHED });
      await expectRefused(t, [Role.Admin, Role.Teacher, Role.Examiner, Role.Region], [['POST', '/api/web/setattend', { WebID: id }]]);
      expect(await t.db.selectFrom('webinar_attendance').select('user_id').where('webinar_id', '=', id).execute()).toEqual([]);
    });
  });

  // ——— the rooms' data ———

  describe('one webinar (GET /api/web/getweb/{id})', () => {
    it('is read by its teacher, an administrator, an examiner and a trainee of its plan; 404 for others', async () => {
      const id = await liveWebinar();
      for (const token of [admin, teacher, examiner, trainee]) expect((await details(id, token)).status).toBe(200);
      expect(await details(id, otherTeacher.token)).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await details(id, outsider.token)).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await details(999_999)).toMatchObject({ status: 404, body: NOT_FOUND });
      await expectRefused(t, [Role.Region], [['GET', `/api/web/getweb/${id}`]]);
    });

    it('gives each caller their stream page: the id, their encoded name, teacher=1 for the webinar’s teacher only', async () => {
      const id = await liveWebinar();
      expect((await details(id, teacher)).body.data.StreamUrl).toBe(
        `https://stream.example/?wid=${id}&username=${encodeURIComponent('Петров Андрей Викторович')}&teacher=1`,
      );
      expect((await details(id, trainee)).body.data.StreamUrl).toBe(
        `https://stream.example/?wid=${id}&username=${encodeURIComponent('Жумабаева Айгерим Болатовна')}&teacher=0`,
      );
      expect((await details(id, admin)).body.data.StreamUrl).toContain('&teacher=0');
    });

    it('counts who is online, the plan’s trainees, and lists attendees with minutes to staff only', async () => {
      const place = { planId: await insertPlan(t.db, 'План для посещаемости') } as { planId: number; topicId?: number };
      place.topicId = await insertTopic(t.db, place.planId, 'Тема посещаемости');
      const [ann, ben, cat, dan] = [
        await person(Role.Trainee, 'Аннова Анна', { planId: place.planId }),
        await person(Role.Trainee, 'Бенов Бен', { planId: place.planId }),
        await person(Role.Trainee, 'Катова Катя', { planId: place.planId }),
        await person(Role.Trainee, 'Данов Дан', { planId: place.planId }),
      ];
      const id = await liveWebinar({ PlanID: place.planId, TopicID: place.topicId });
      const presence = (userId: number, from: number, to: number | null, seen: number) =>
        sql`insert into webinar_presence (webinar_id, user_id, opened_at, seen_at, closed_at)
          values (${id}, ${userId}, now() - make_interval(mins => ${from}), now() - make_interval(secs => ${seen}),
            ${to === null ? null : sql`now() - make_interval(mins => ${to})`})`.execute(t.db);
      // Anna: two overlapping visits (30→10 and 20→5 minutes ago: 25 minutes together), and online now
      await presence(ann.id, 30, 10, 600);
      await presence(ann.id, 20, 5, 300);
      await presence(ann.id, 3, null, 5);
      // Ben: joined, left (12 minutes)
      await presence(ben.id, 40, 28, 28 * 60);
      // Cat: her process died: open, last seen 8 minutes ago, opened 20 minutes ago (12 minutes)
      await presence(cat.id, 20, null, 8 * 60);
      // the teacher holds the room open too
      await presence(teacherId, 10, null, 2);
      for (const p of [ann, ben, cat]) await t.db.insertInto('webinar_attendance').values({ webinar_id: id, user_id: p.id }).execute();

      const staff = (await details(id, teacher)).body.data;
      expect(staff).toMatchObject({ Online: 2, TotalStudents: 4 });
      expect(staff.UsersOnline).toEqual([
        {
          ID: ann.id,
          IDNumber: '',
          Fullname: 'Аннова Анна',
          Connected: true,
          Online: true,
          Minutes: 27,
          FaceVerified: false,
          WatchedMinutes: 0,
          RecordingMinutes: 0,
        },
        {
          ID: ben.id,
          IDNumber: '',
          Fullname: 'Бенов Бен',
          Connected: true,
          Online: false,
          Minutes: 12,
          FaceVerified: false,
          WatchedMinutes: 0,
          RecordingMinutes: 0,
        },
        {
          ID: dan.id,
          IDNumber: '',
          Fullname: 'Данов Дан',
          Connected: false,
          Online: false,
          Minutes: 0,
          FaceVerified: false,
          WatchedMinutes: 0,
          RecordingMinutes: 0,
        },
        {
          ID: cat.id,
          IDNumber: '',
          Fullname: 'Катова Катя',
          Connected: true,
          Online: false,
          Minutes: 12,
          FaceVerified: false,
          WatchedMinutes: 0,
          RecordingMinutes: 0,
        },
      ]);
      expect((await details(id, examiner)).body.data.UsersOnline).toHaveLength(4);
      const learner = (await details(id, ann.token)).body.data;
      expect(learner).toMatchObject({ Online: 2, TotalStudents: 4, UsersOnline: [] });
    });

    it('tells the webinar tests (count, main by position, active while open) and the documents', async () => {
      const place = { planId: await insertPlan(t.db, 'План для тестов вебинара') } as { planId: number; topicId: number };
      place.topicId = await insertTopic(t.db, place.planId, 'Тема с тестами');
      const id = await liveWebinar({ PlanID: place.planId, TopicID: place.topicId });
      expect((await details(id)).body.data).toMatchObject({ Testcount: 0, MainTest: null, ActiveTest: null });

      const second = await insertTest(t.db, place.planId, place.topicId, 'Второй', { is_webinar: true, position: 2 });
      const first = await insertTest(t.db, place.planId, place.topicId, 'Первый', { is_webinar: true, position: 1 });
      await insertTest(t.db, place.planId, place.topicId, 'Не вебинарный', { position: 0 });
      expect((await details(id)).body.data).toMatchObject({ Testcount: 2, MainTest: first, ActiveTest: null });
      await t.db
        .updateTable('tests')
        .set({ opened_at: sql`now() - interval '1 minute'`, duration_minutes: 10 })
        .where('id', '=', second)
        .execute();
      expect((await details(id)).body.data).toMatchObject({ MainTest: first, ActiveTest: second });
      await t.db.updateTable('tests').set({ opened_at: sql`now() - interval '11 minutes'` }).where('id', '=', second).execute();
      expect((await details(id)).body.data.ActiveTest).toBeNull();

      await upload([{ name: 'WebID', value: String(id) }, filePart(pdf('a'), 'Программа.pdf')]);
      await upload([{ name: 'WebID', value: String(id) }, filePart(tinyPng(), 'Схема.png')]);
      // not the demo trainee's plan
      expect(await details(id, trainee)).toMatchObject({ status: 404, body: NOT_FOUND });
      const read = (await details(id)).body.data.Docs;
      expect(read.map((d: Json) => d.Name)).toEqual(['Программа.pdf', 'Схема.png']);
      expect(read[0]).toMatchObject({
        ID: expect.any(Number),
        Size: pdf('a').length,
        Path: expect.stringMatching(/^\/files\/webinars\/[0-9a-f]{32}\.pdf$/),
      });
      expect(Date.parse(read[0].CreatedAt)).toBeGreaterThan(Date.now() - 60_000);
    });
  });

  describe('the lists of the rooms', () => {
    it('gives a teacher their own webinars only (newest first); an administrator those they teach', async () => {
      const mine = await schedule({ Name: 'Мой вебинар', BeginTime: '2040-01-01T10:00+06:00' }, teacher);
      const theirs = await schedule({ TeacherID: otherTeacher.id });
      const list = (await call(teacher, 'GET', '/api/web/teacherweb')).body;
      expect(list.status).toBe(true);
      expect(list.data.every((w: Json) => w.TeacherID === teacherId)).toBe(true);
      expect(list.data[0].ID).toBe(mine);
      expect(list.data.some((w: Json) => w.ID === theirs)).toBe(false);
      const starts = list.data.map((w: Json) => Date.parse(w.Startdate));
      expect([...starts].sort((a, b) => b - a)).toEqual(starts);
      expect((await call(otherTeacher.token, 'GET', '/api/web/teacherweb')).body.data.map((w: Json) => w.ID)).toContain(theirs);
      expect((await call(admin, 'GET', '/api/web/teacherweb')).body.data).toEqual([]);
      await expectRefused(t, [Role.Trainee, Role.Examiner, Role.Region], [['GET', '/api/web/teacherweb']]);
    });

    it('gives a trainee the webinars of their plan, the demo ones included', async () => {
      const other = await insertPlan(t.db, 'План соседей');
      const otherTopic = await insertTopic(t.db, other, 'Тема соседей');
      const foreign = await schedule({ PlanID: other, TopicID: otherTopic });
      const ours = await schedule({ Name: 'Для нашего плана' });
      const list = (await call(trainee, 'GET', '/api/web/getuserweb')).body.data;
      expect(list.every((w: Json) => w.PlanID === planId)).toBe(true);
      expect(list.some((w: Json) => w.ID === ours)).toBe(true);
      expect(list.some((w: Json) => w.ID === foreign)).toBe(false);
      // the demo webinars: one in progress, one upcoming, one past
      const statuses = new Set(list.map((w: Json) => w.Status));
      expect(statuses).toEqual(new Set([Waiting, Live, Finished]));
      expect((await call(outsider.token, 'GET', '/api/web/getuserweb')).body.data).toEqual([]);
      await expectRefused(t, [Role.Admin, Role.Teacher, Role.Examiner, Role.Region], [['GET', '/api/web/getuserweb']]);
    });

    it('marks a webinar whose question thread has news for the caller (MessageStatus)', async () => {
      const id = await liveWebinar();
      const learnerMark = async () =>
        (await call(trainee, 'GET', '/api/web/getuserweb')).body.data.find((w: Json) => w.ID === id).MessageStatus;
      const teacherMark = async () =>
        (await call(teacher, 'GET', '/api/web/teacherweb')).body.data.find((w: Json) => w.ID === id).MessageStatus;
      expect([await learnerMark(), await teacherMark()]).toEqual([false, false]);

      // the trainee asks: news for the teacher, not for the trainee
      const problem = await t.db
        .insertInto('problems')
        .values({ webinar_id: id, user_id: traineeId, question_text: 'Когда будет тест?', learner_read_at: sql`now()` })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect([await learnerMark(), await teacherMark()]).toEqual([false, true]);
      await t.db.updateTable('problems').set({ teacher_read_at: sql`now()` }).where('id', '=', problem.id).execute();
      expect(await teacherMark()).toBe(false);

      // the teacher answers: news for the trainee
      await t.db
        .insertInto('problem_answers')
        .values({
          problem_id: problem.id,
          user_id: teacherId,
          answer_text: 'В конце занятия',
          created_at: sql`now() + interval '1 second'` as never,
        })
        .execute();
      expect([await learnerMark(), await teacherMark()]).toEqual([true, false]);
      await t.db.updateTable('problems').set({ learner_read_at: sql`now() + interval '2 seconds'` }).where('id', '=', problem.id).execute();
      expect(await learnerMark()).toBe(false);

      // the trainee writes again: news for the teacher
      await t.db
        .insertInto('problem_answers')
        .values({
          problem_id: problem.id,
          user_id: traineeId,
          answer_text: 'Спасибо',
          created_at: sql`now() + interval '3 seconds'` as never,
        })
        .execute();
      expect([await learnerMark(), await teacherMark()]).toEqual([false, true]);
      // the admin list shows the caller's own mark
      const forAdmin = (await call(admin, 'GET', `/api/web/getwebinars?search=${encodeURIComponent('Вебинар по охране труда')}`)).body.data;
      expect(forAdmin.find((w: Json) => w.ID === id).MessageStatus).toBe(false);
    });
  });

  // ——— documents and preview ———

  describe('documents', () => {
    it('are uploaded by the teacher through /uploadF, served back, and pushed to the room', async () => {
      const id = await liveWebinar();
      const document = pdf('Программа занятия');
      const response = await upload([{ name: 'WebID', value: String(id) }, filePart(document, 'Программа занятия.pdf', 'application/pdf')]);
      expect(response.statusCode, response.body).toBe(200);
      const { docs, status, message } = response.json();
      expect({ status, message }).toEqual({ status: true, message: 'Файл загружен' });
      expect(docs).toEqual([
        {
          ID: expect.any(Number),
          Name: 'Программа занятия.pdf',
          CreatedAt: expect.any(String),
          Size: document.length,
          Path: expect.any(String),
        },
      ]);
      expect(docs[0].Path).toMatch(/^\/files\/webinars\/[0-9a-f]{32}\.pdf$/);
      expect(eventsOf(id)).toEqual([{ type: 'docs', data: { Docs: docs } }]);

      const served = await t.app.inject({ method: 'GET', url: docs[0].Path });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(document)).toBe(true);
      expect(served.headers['content-disposition']).toBe('attachment');

      // the field must come before the file (the caller is judged before it is read); the trainee reads the list
      const late = await upload([filePart(tinyPng(), 'Схема.png'), { name: 'WebID', value: String(id) }], admin);
      expect(late.statusCode).toBe(400);
      const second = await upload([{ name: 'WebID', value: String(id) }, filePart(tinyPng(), 'Схема.png')], admin);
      expect(second.json().docs.map((d: Json) => d.Name)).toEqual(['Программа занятия.pdf', 'Схема.png']);
      expect((await details(id, trainee)).body.data.Docs.map((d: Json) => d.Name)).toEqual(['Программа занятия.pdf', 'Схема.png']);
    });

    it('are refused to trainees, examiners and other teachers (403), for an unknown webinar (404), and by type (415)', async () => {
      const id = await liveWebinar();
      const parts = (webinar = id) => [{ name: 'WebID', value: String(webinar) }, filePart(pdf(), 'doc.pdf')];
      expect((await upload(parts(), trainee)).statusCode).toBe(403);
      expect((await upload(parts(), examiner)).statusCode).toBe(403);
      const other = await upload(parts(), otherTeacher.token);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual(NOT_OWN);
      const unknown = await upload(parts(999_999));
      expect(unknown.statusCode).toBe(404);
      const wrong = await upload([{ name: 'WebID', value: String(id) }, filePart(Buffer.from('просто текст'), 'doc.pdf')]);
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json().message).toBe('Допустимы файлы PDF, DOCX, XLSX, PPTX, JPEG, PNG, MP4, WebM, MP3 и ZIP');
      expect((await details(id)).body.data.Docs).toEqual([]);
      expect(eventsOf(id)).toEqual([]);
    });

    it('are deleted by the teacher or an administrator: the file goes, the room is told', async () => {
      const id = await liveWebinar();
      const [a] = (await upload([{ name: 'WebID', value: String(id) }, filePart(pdf('1'), 'один.pdf')])).json().docs;
      const docs = (await upload([{ name: 'WebID', value: String(id) }, filePart(pdf('2'), 'два.pdf')])).json().docs;
      const second = docs.find((d: Json) => d.Name === 'два.pdf');
      publish.mockClear();

      expect(await call(otherTeacher.token, 'DELETE', `/delete/docs/id:${a.ID}`)).toMatchObject({ status: 403, body: NOT_OWN });
      await expectRefused(t, [Role.Trainee, Role.Examiner, Role.Region], [['DELETE', `/delete/docs/id:${a.ID}`]]);
      const deleted = await call(teacher, 'DELETE', `/delete/docs/id:${a.ID}`);
      expect(deleted).toMatchObject({ status: 200, body: { status: true, message: 'Документ удалён', docs: [second] } });
      expect(eventsOf(id)).toEqual([{ type: 'docs', data: { Docs: [second] } }]);
      expect((await t.app.inject({ method: 'GET', url: a.Path })).statusCode).toBe(404);
      expect(await call(teacher, 'DELETE', `/delete/docs/id:${a.ID}`)).toMatchObject({
        status: 404,
        body: { status: false, message: 'Документ не найден' },
      });
      expect((await call(admin, 'DELETE', `/delete/docs/id:${second.ID}`)).body.docs).toEqual([]);
      expect((await auditOf(t, id, 'webinar.document.')).map((r) => r.action)).toEqual([
        'webinar.document.add',
        'webinar.document.add',
        'webinar.document.delete',
        'webinar.document.delete',
      ]);
    });
  });

  describe('preview', () => {
    it('is set by whoever may edit the webinar; a new one replaces the old and its file', async () => {
      const id = await schedule();
      const parts = (data: Buffer, name: string) => [
        { name: 'WebID', value: String(id) },
        { name: 'Types', value: 'preview' },
        filePart(data, name),
      ];
      const first = await upload(parts(mp4(), 'Анонс.mp4'), teacher);
      expect(first.statusCode, first.body).toBe(200);
      const preview = first.json().Preview;
      expect(preview).toEqual({ ID: id, Name: 'Анонс.mp4', Path: expect.stringMatching(/^\/files\/webinars\/[0-9a-f]{32}\.mp4$/) });
      expect((await details(id, trainee)).body.data.Preview).toEqual(preview);

      const second = (await upload(parts(mp4(), 'Новый анонс.mp4'), examiner)).json().Preview;
      expect(second.Path).not.toBe(preview.Path);
      expect(await stored(preview.Path)).toBe(false);
      expect(await stored(second.Path)).toBe(true);
      expect((await details(id)).body.data.Preview).toEqual(second);

      expect((await upload(parts(mp4(), 'a.mp4'), trainee)).statusCode).toBe(403);
      expect((await upload(parts(mp4(), 'a.mp4'), otherTeacher.token)).statusCode).toBe(403);
      const wrong = await upload(parts(pdf(), 'a.pdf'), teacher);
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json().message).toBe('Превью должно быть видео MP4, WebM или MOV');
    });
  });

  // ——— webinar tests ———

  describe('webinar tests', () => {
    /** A plan of its own with a trainee, a topic with two webinar tests (the second first by position), and a live webinar of the demo teacher. */
    async function testWorld() {
      const place = await insertPlan(t.db, `План тестов ${randomBytes(2).toString('hex')}`);
      const topic = await insertTopic(t.db, place, 'Тема вебинара с тестами');
      const learner = await person(Role.Trainee, 'Слушатель Тестов', { planId: place });
      const later = await insertTest(t.db, place, topic, 'Закрепление', { is_webinar: true, position: 2, duration_minutes: 15 });
      const main = await insertTest(t.db, place, topic, 'Итоговый тест', { is_webinar: true, position: 1, duration_minutes: 10 });
      for (const testId of [main, later]) {
        await insertQuestion(t.db, testId, { text: 'Первый?', position: 0 });
        await insertQuestion(t.db, testId, { text: 'Второй?', position: 1 });
      }
      const webinar = await liveWebinar({ PlanID: place, TopicID: topic });
      return { place, topic, learner, main, later, webinar };
    }
    const testsOf = (webinarId: number, token: string) => call(token, 'GET', `/api/test/webinar/id:${webinarId}`);
    const start = (testId: number, token: string) => call(token, 'POST', '/api/test/starttest', { TestID: testId });

    it('lists them in order with the main test; staff see openings, a trainee their own standing', async () => {
      const w = await testWorld();
      const staff = await testsOf(w.webinar, teacher);
      expect(staff.status).toBe(200);
      expect(staff.body.data.map((x: Json) => [x.ID, x.Test, x.Position, x.Questions, x.Status, x.Result])).toEqual([
        [w.main, 'Итоговый тест', 1, 2, 'Ожидается', 0],
        [w.later, 'Закрепление', 2, 2, 'Ожидается', 0],
      ]);
      expect(staff.body.exam).toEqual(staff.body.data[0]);
      expect(staff.body.data[0]).toMatchObject({ Topic: 'Тема вебинара с тестами', Duration: 10, OpenedAt: null, Deadline: null });
      const learner = await testsOf(w.webinar, w.learner.token);
      expect(learner.body.data.map((x: Json) => [x.Status, x.Result])).toEqual([
        ['Ожидается', null],
        ['Ожидается', null],
      ]);
      for (const token of [admin, examiner]) expect((await testsOf(w.webinar, token)).status).toBe(200);
      expect(await testsOf(w.webinar, outsider.token)).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await testsOf(w.webinar, otherTeacher.token)).toMatchObject({ status: 404, body: NOT_FOUND });
      await expectRefused(t, [Role.Region], [['GET', `/api/test/webinar/id:${w.webinar}`]]);
    });

    it('are opened by the webinar’s teacher while it is in progress: the room is told, the trainee takes the test', async () => {
      const w = await testWorld();
      const opened = await start(w.main, teacher);
      expect(opened).toMatchObject({
        status: 200,
        body: { status: true, message: 'Тест открыт для слушателей', data: { TestID: w.main } },
      });
      const { Deadline, OpenedAt } = opened.body.data;
      expect(Date.parse(Deadline) - Date.parse(OpenedAt)).toBe(10 * 60_000);
      expect(eventsOf(w.webinar)).toEqual([{ type: 'test', data: { TestID: w.main, Deadline } }]);
      expect((await details(w.webinar)).body.data.ActiveTest).toBe(w.main);

      expect((await testsOf(w.webinar, teacher)).body.data[0]).toMatchObject({ Status: 'В процессе', Result: 0, OpenedAt, Deadline });
      expect((await testsOf(w.webinar, w.learner.token)).body.data[0]).toMatchObject({ Status: 'В процессе', Result: null });

      const attempt = await start(w.main, w.learner.token);
      expect(attempt.status).toBe(200);
      const questions = await t.db.selectFrom('questions').select('id').where('test_id', '=', w.main).orderBy('position').execute();
      for (const q of questions) {
        await call(w.learner.token, 'POST', '/api/answer/new', { TestID: w.main, QuestionID: q.id, UserAnswer: 'A' });
      }
      expect((await testsOf(w.webinar, w.learner.token)).body.data[0]).toMatchObject({ Status: 'Пройден', Result: 2 });
      expect((await testsOf(w.webinar, teacher)).body.data[0]).toMatchObject({ Status: 'В процессе', Result: 1 });

      // its time over: staff read it as done
      await t.db.updateTable('tests').set({ opened_at: sql`now() - interval '11 minutes'` }).where('id', '=', w.main).execute();
      expect((await testsOf(w.webinar, teacher)).body.data[0]).toMatchObject({ Status: 'Пройден', Result: 1 });
    });

    it('closes a trainee’s attempt left past its deadline before telling their standing', async () => {
      const w = await testWorld();
      await start(w.later, teacher);
      await insertAttempt(t.db, w.learner.id, w.later, {
        finished_at: null,
        passed: null,
        correct_count: 0,
        deadline_at: sql`now() - interval '1 minute'` as never,
      });
      const item = (await testsOf(w.webinar, w.learner.token)).body.data.find((x: Json) => x.ID === w.later);
      expect(item).toMatchObject({ Status: 'Не пройден', Result: 0 });
      const row = await t.db.selectFrom('attempts').select('finished_at').where('test_id', '=', w.later).executeTakeFirstOrThrow();
      expect(row.finished_at).not.toBeNull();
    });

    it('open the main test when the webinar ends without it: rooms hear it before the end, the trainee takes it', async () => {
      const w = await testWorld();
      const twin = await liveWebinar({ PlanID: w.place, TopicID: w.topic, TeacherID: otherTeacher.id });
      const ended = await call(teacher, 'POST', `/api/web/endweb/id:${w.webinar}`, {});
      expect(ended.status).toBe(200);

      const [main, later] = (await testsOf(w.webinar, teacher)).body.data;
      expect(main).toMatchObject({ ID: w.main, Status: 'В процессе', Result: 0 });
      expect(Date.parse(main.Deadline) - Date.parse(main.OpenedAt)).toBe(10 * 60_000);
      expect(later).toMatchObject({ ID: w.later, Status: 'Ожидается', OpenedAt: null });
      // this room hears the opening before the end (its trainees go on to the test); the topic's other live room hears it too
      const opening = { type: 'test', data: { TestID: w.main, Deadline: main.Deadline } };
      expect(eventsOf(w.webinar)).toEqual([opening, { type: 'status', data: { Status: Finished, EndedAt: ended.body.data.EndedAt } }]);
      expect(eventsOf(twin)).toEqual([opening]);
      expect((await auditOf(t, w.webinar, 'webinar.end'))[0]?.details).toMatchObject({ openedTest: w.main });

      // the trainee sent there can take it
      expect((await testsOf(w.webinar, w.learner.token)).body.data[0]).toMatchObject({ ID: w.main, Status: 'В процессе' });
      const attempt = await start(w.main, w.learner.token);
      expect(attempt).toMatchObject({ status: 200, body: { data: { TestID: w.main, Finished: false, Deadline: main.Deadline } } });

      // ending again opens nothing more
      const sent = publish.mock.calls.length;
      expect((await call(teacher, 'POST', `/api/web/endweb/id:${w.webinar}`, {})).status).toBe(200);
      expect(publish.mock.calls).toHaveLength(sent);
    });

    it('leave a main test opened before, or one without questions, as it is when the webinar ends', async () => {
      const opened = await testWorld();
      await start(opened.main, teacher);
      await t.db.updateTable('tests').set({ opened_at: sql`now() - interval '11 minutes'` }).where('id', '=', opened.main).execute();
      const before = await t.db.selectFrom('tests').select('opened_at').where('id', '=', opened.main).executeTakeFirstOrThrow();
      publish.mockClear();
      expect((await call(teacher, 'POST', `/api/web/endweb/id:${opened.webinar}`, {})).status).toBe(200);
      const after = await t.db.selectFrom('tests').select('opened_at').where('id', '=', opened.main).executeTakeFirstOrThrow();
      expect(after.opened_at).toEqual(before.opened_at);
      expect(eventsOf(opened.webinar).map((event) => event.type)).toEqual(['status']);
      expect((await testsOf(opened.webinar, opened.learner.token)).body.data[0]).toMatchObject({ Status: 'Ожидается' });

      const empty = await testWorld();
      await t.db.updateTable('questions').set({ archived_at: sql`now()` }).where('test_id', '=', empty.main).execute();
      expect((await call(admin, 'POST', `/api/web/endweb/id:${empty.webinar}`, {})).status).toBe(200);
      const untouched = await t.db.selectFrom('tests').select('opened_at').where('id', '=', empty.main).executeTakeFirstOrThrow();
      expect(untouched.opened_at).toBeNull();
      expect(eventsOf(empty.webinar).map((event) => event.type)).toEqual(['status']);
    });

    it('are refused to another teacher (403), an examiner (403), and to the teacher before or after the webinar (422)', async () => {
      const w = await testWorld();
      expect(await start(w.main, otherTeacher.token)).toMatchObject({
        status: 403,
        body: { status: false, message: 'Открыть тест может администратор или преподаватель вебинара по теме этого теста' },
      });
      expect((await start(w.main, examiner)).status).toBe(403);
      await beginIn(w.webinar, 2 * 3600);
      expect(await start(w.main, teacher)).toMatchObject({
        status: 422,
        body: { status: false, message: 'Тест можно открыть только во время вебинара' },
      });
      await beginIn(w.webinar, -60);
      await t.db.updateTable('webinars').set({ ended_at: sql`now()` }).where('id', '=', w.webinar).execute();
      expect((await start(w.main, teacher)).status).toBe(422);
      const row = await t.db.selectFrom('tests').select('opened_at').where('id', '=', w.main).executeTakeFirstOrThrow();
      expect(row.opened_at).toBeNull();
      expect(eventsOf(w.webinar)).toEqual([]);

      // an administrator may open it at any time; rooms in progress are told
      const byAdmin = await start(w.main, admin);
      expect(byAdmin.status).toBe(200);
      expect(eventsOf(w.webinar)).toEqual([]);
    });
  });

  describe('OpenAPI', () => {
    it('documents every call of the webinars module', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      for (const [p, method] of [
        ['/api/web/getwebinars', 'get'],
        ['/api/web/new', 'post'],
        ['/api/web/updateweb/{id}', 'put'],
        ['/api/web/deleteweb/{id}', 'delete'],
        ['/api/web/teacherweb', 'get'],
        ['/api/web/getuserweb', 'get'],
        ['/api/web/getweb/{id}', 'get'],
        ['/api/web/startweb', 'post'],
        ['/api/web/endweb/id:{id}', 'post'],
        ['/api/web/setattend', 'post'],
        ['/delete/docs/id:{id}', 'delete'],
        ['/api/test/webinar/id:{id}', 'get'],
      ] as const) {
        expect(doc.paths[p]?.[method]?.responses?.['200'], `${method} ${p}`).toBeTruthy();
      }
    });
  });
});

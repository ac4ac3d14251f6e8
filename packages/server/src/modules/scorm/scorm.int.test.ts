import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Role, scormListResponse, scormPackage as scormPackageShape } from '@oqu/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentApp } from '../../content-app.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan, insertTopic } from '../../test/catalogue.js';
import { nextIin } from '../../test/factories.js';
import { auditOf, expectRefused, FORBIDDEN, NOT_ADMIN } from '../../test/http.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { scormPackage } from '../../test/scorm-packages.js';
import { zipOf } from '../../test/zip.js';
import { hashToken } from '../auth/auth.service.js';

/** Every stored key, sorted. */
async function storedKeys(t: TestApp) {
  const keys: string[] = [];
  for await (const { key } of t.storage.list()) keys.push(key);
  return keys.sort();
}

/** A trainee of their own on `planId`, signed in: their id and token. */
export async function insertTrainee(t: TestApp, planId: number | null) {
  const user = await t.db
    .insertInto('users')
    .values({
      role_id: Role.Trainee,
      full_name: `Слушатель ${randomBytes(3).toString('hex')}`,
      iin: nextIin(),
      password_hash: 'x',
      plan_id: planId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await t.db
    .insertInto('sessions')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
    .execute();
  return { id: user.id, token };
}

describe('SCORM packages', () => {
  let t: TestApp;
  let content: FastifyInstance;
  let admin: string;
  let trainee: string;
  let planId: number;
  let topicId: number;

  const api = async (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(token) });

  /** Creates a package of `topic` and uploads `zip` to it; answers its id and the upload's answer. */
  async function uploaded(zip: Buffer, name = 'Курс', topic = topicId) {
    const created = await api(admin, 'POST', '/api/scorm/new', { TopicID: topic, Name: name });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().scorm.ID as number;
    const upload = await postMultipart(
      t.app,
      '/uploadF',
      [{ name: 'ScormID', value: String(id) }, filePart(zip, 'курс.zip', 'application/zip')],
      admin,
    );
    return { id, upload };
  }

  async function launch(token: string, id: number) {
    const response = await api(token, 'POST', `/api/scorm/launch/id:${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { Token: string; PlayerUrl: string; ContentOrigin: string; ExpiresAt: string; Name: string };
  }

  const session = (token: string) => content.inject({ method: 'GET', url: '/runtime/session', headers: bearer(token) });
  const commit = (body: object, contentType = 'application/json') =>
    content.inject({ method: 'POST', url: '/runtime/commit', payload: JSON.stringify(body), headers: { 'content-type': contentType } });

  beforeAll(async () => {
    t = await createTestApp();
    content = await buildContentApp({ config: t.config, scorm: t.app.services.scorm });
    admin = await t.tokenOf(Role.Admin);
    trainee = await t.tokenOf(Role.Trainee);
    const me = await t.db
      .selectFrom('users')
      .select('plan_id')
      .where('id', '=', await t.idOf(Role.Trainee))
      .executeTakeFirstOrThrow();
    planId = me.plan_id as number;
    topicId = await insertTopic(t.db, planId, 'Тема со SCORM');
  });
  afterAll(async () => {
    await content?.close();
    await t?.close();
  });

  it('creates, lists, reads, renames and audits packages in the spec’s shapes', async () => {
    const created = await api(admin, 'POST', '/api/scorm/new', { TopicID: topicId, Name: 'Охрана труда' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: true, message: 'SCORM-пакет создан', scorm: { ID: expect.any(Number) } });
    const id = created.json().scorm.ID as number;

    const one = await api(admin, 'GET', `/api/scorm/get?id=${id}`);
    expect(one.statusCode).toBe(200);
    const [item] = scormListResponse.parse(one.json()).data;
    expect(scormPackageShape.parse(item)).toEqual({
      ID: id,
      Name: 'Охрана труда',
      CreatedAt: expect.any(String),
      TopicID: topicId,
      Topic: { ID: topicId, Name: 'Тема со SCORM' },
      Document: null,
      Version: null,
    });

    const list = await api(admin, 'GET', '/api/scorm/get?page=1');
    expect(list.json()).toMatchObject({ status: true, pages: expect.any(Number), total: expect.any(Number) });
    expect(list.json().data.map((p: { ID: number }) => p.ID)).toContain(id);
    const otherTopic = await insertTopic(t.db, planId, 'Другая тема');
    const filtered = await api(admin, 'GET', `/api/scorm/get?topic=${otherTopic}`);
    expect(filtered.json().data).toEqual([]);

    const renamed = await api(admin, 'POST', `/api/scorm/update/id:${id}`, { Name: 'Охрана труда 2026', TopicID: otherTopic });
    expect(renamed.json()).toEqual({ status: true, message: 'SCORM-пакет сохранён' });
    const after = await api(admin, 'GET', `/api/scorm/get?topic=${otherTopic}`);
    expect(after.json().data).toMatchObject([{ ID: id, Name: 'Охрана труда 2026', TopicID: otherTopic }]);

    expect((await api(admin, 'POST', `/api/scorm/update/id:${id}`, {})).statusCode).toBe(400);
    const unknownTopic = await api(admin, 'POST', '/api/scorm/new', { TopicID: 999_999, Name: 'x' });
    expect(unknownTopic.statusCode).toBe(422);
    expect((await api(admin, 'GET', '/api/scorm/get?id=999999')).statusCode).toBe(404);
    expect((await auditOf(t, id, 'scorm.')).map((entry) => entry.action)).toEqual(['scorm.create', 'scorm.update']);
  });

  it('refuses everyone but administrators the administrator’s calls, and staff the launch', async () => {
    await expectRefused(t, NOT_ADMIN, [
      ['POST', '/api/scorm/new', { TopicID: topicId, Name: 'x' }],
      ['POST', '/api/scorm/update/id:1', { Name: 'x' }],
      ['DELETE', '/api/scorm/delete/id:1'],
      ['GET', '/api/scorm/download/id:1'],
    ]);
    await expectRefused(t, [Role.Admin, Role.Examiner, Role.Teacher, Role.Region], [['POST', '/api/scorm/launch/id:1']]);
    const upload = await postMultipart(
      t.app,
      '/uploadF',
      [{ name: 'ScormID', value: '1' }, filePart(scormPackage({ version: '1.2' }), 'a.zip')],
      trainee,
    );
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toEqual(FORBIDDEN);
  });

  it('unpacks a SCORM 1.2 and a 2004 package made in the test and launches each at its launch file', async () => {
    for (const version of ['1.2', '2004'] as const) {
      const zip = scormPackage({
        version,
        launch: 'course/start.html?lang=ru',
        files: [{ path: 'course/start.html', content: '<p>start</p>' }],
      });
      const { id, upload } = await uploaded(zip, `Курс ${version}`);
      expect(upload.statusCode, upload.body).toBe(200);
      expect(upload.json()).toMatchObject({
        status: true,
        message: 'SCORM-пакет загружен',
        data: { ID: id, Version: version, Document: { ID: id, Name: 'курс.zip' } },
      });

      const launched = await launch(trainee, id);
      expect(launched.PlayerUrl).toBe(`${launched.ContentOrigin}/player`);
      expect(launched.ContentOrigin).toBe(`http://localhost:${t.config.CONTENT_PORT}`);
      expect(new Date(launched.ExpiresAt).getTime()).toBeGreaterThan(Date.now() + (t.config.SCORM_LAUNCH_MINUTES - 1) * 60_000);
      const started = await session(launched.Token);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().data).toEqual({
        Version: version,
        Name: `Курс ${version}`,
        Entry: `c/${launched.Token}/course/start.html?lang=ru`,
        Cmi: null,
      });

      const page = await content.inject({ method: 'GET', url: `/c/${launched.Token}/course/start.html` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('<p>start</p>');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(Object.keys(page.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      const part = await content.inject({ method: 'GET', url: `/c/${launched.Token}/course/start.html`, headers: { range: 'bytes=3-7' } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('start');
      expect(part.headers['content-range']).toBe('bytes 3-7/12');
      expect((await content.inject({ method: 'GET', url: `/c/${launched.Token}/course%5C..%5Cimsmanifest.xml` })).statusCode).toBe(404);
      expect((await content.inject({ method: 'GET', url: `/c/${launched.Token}/nothing.html` })).statusCode).toBe(404);

      const download = await api(admin, 'GET', `/api/scorm/download/id:${id}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(zip)).toBe(true);
      expect(download.headers['content-type']).toBe('application/zip');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="____.zip"; filename*=UTF-8''${encodeURIComponent('курс.zip')}`,
      );

      // neither the zip nor its content is a public file
      const row = await t.db
        .selectFrom('scorm_packages')
        .select(['zip_key', 'content_prefix'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect((await t.app.inject({ method: 'GET', url: `/files/${row.zip_key}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/files/${row.content_prefix}/course/start.html` })).statusCode).toBe(404);
    }
  });

  it('replaces an earlier upload, removing its zip and content', async () => {
    const { id } = await uploaded(scormPackage({ version: '1.2' }));
    const first = await t.db
      .selectFrom('scorm_packages')
      .select(['zip_key', 'content_prefix'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const again = await postMultipart(
      t.app,
      '/uploadF',
      [{ name: 'ScormID', value: String(id) }, filePart(scormPackage({ version: '2004' }), 'new.zip')],
      admin,
    );
    expect(again.json()).toMatchObject({ data: { Version: '2004', Document: { Name: 'new.zip' } } });
    const keys = await storedKeys(t);
    expect(keys).not.toContain(first.zip_key);
    expect(keys.filter((key) => key.startsWith(`${first.content_prefix}/`))).toEqual([]);
  });

  it('keeps the CMI data per trainee and package, resumes it, and adds the session time on terminate', async () => {
    const { id } = await uploaded(scormPackage({ version: '1.2' }), 'Курс 1.2 с продолжением');
    const first = await launch(trainee, id);
    // no session may claim more time than its launch has lived: this one began ten minutes ago
    await t.db
      .updateTable('scorm_launches')
      .set({ created_at: new Date(Date.now() - 600_000) })
      .where('token_hash', '=', hashToken(first.Token))
      .execute();
    const cmi = {
      cmi: {
        core: {
          lesson_location: 'page-2',
          lesson_status: 'incomplete',
          exit: 'suspend',
          session_time: '0000:01:30.50',
          score: { raw: '40', max: '80' },
        },
        suspend_data: 'pages=1,2',
      },
    };
    const saved = await commit({ Token: first.Token, Cmi: cmi, Terminate: false }, 'text/plain;charset=UTF-8');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ CompletionStatus: 'incomplete', SuccessStatus: 'unknown', Score: 50, TotalSeconds: 0 });
    const ended = await commit({ Token: first.Token, Cmi: cmi, Terminate: true });
    expect(ended.json().data.TotalSeconds).toBe(90);
    // a second terminate of the same launch (the tab closing after LMSFinish) adds nothing
    expect((await commit({ Token: first.Token, Cmi: cmi, Terminate: true })).json().data.TotalSeconds).toBe(90);

    const second = await launch(trainee, id);
    const resumed = (await session(second.Token)).json().data;
    expect(resumed.Cmi).toEqual({
      cmi: {
        core: {
          lesson_location: 'page-2',
          lesson_status: 'incomplete',
          entry: 'resume',
          total_time: '0000:01:30.50',
          score: { raw: '40', max: '80' },
        },
        suspend_data: 'pages=1,2',
      },
    });

    // finished normally: the next launch is not a resume
    const done = { cmi: { core: { lesson_location: 'page-9', lesson_status: 'passed', exit: '', session_time: '00:00:10' } } };
    expect((await commit({ Token: second.Token, Cmi: done, Terminate: true })).json().data).toMatchObject({
      CompletionStatus: 'completed',
      SuccessStatus: 'passed',
      TotalSeconds: 100,
    });
    const third = await launch(trainee, id);
    expect((await session(third.Token)).json().data.Cmi.cmi.core.entry).toBe('resume');
    const normal = { cmi: { core: { lesson_status: 'passed', exit: 'logout' } } };
    await commit({ Token: third.Token, Cmi: normal, Terminate: true });
    const fourth = await launch(trainee, id);
    expect((await session(fourth.Token)).json().data.Cmi.cmi.core.entry).toBe('');
  });

  it('counts a 2004 package completed and passed, with its score, on the trainee’s list and plan', async () => {
    const topic = await insertTopic(t.db, planId, 'Тема без тестов');
    const { id } = await uploaded(scormPackage({ version: '2004' }), 'Курс 2004', topic);
    const before = (await api(trainee, 'GET', '/api/subject/plantopics')).json().data.find((row: { ID: number }) => row.ID === topic);
    expect(before).toMatchObject({
      Tests: [],
      Completed: false,
      Scorm: [{ ID: id, Name: 'Курс 2004', Progress: { CompletionStatus: 'not attempted' } }],
    });

    const launched = await launch(trainee, id);
    const cmi = {
      cmi: {
        location: '3',
        completion_status: 'completed',
        success_status: 'passed',
        score: { scaled: '0.85', raw: '85' },
        session_time: 'PT1H2M3.5S',
        exit: 'normal',
      },
    };
    const progress = (await commit({ Token: launched.Token, Cmi: cmi, Terminate: true })).json().data;
    expect(progress).toMatchObject({ CompletionStatus: 'completed', SuccessStatus: 'passed', Score: 85 });
    const resumed = (await session((await launch(trainee, id)).Token)).json().data.Cmi;
    // 1 h 2 min 3.5 s: but no session may claim more than its launch has lived
    expect(resumed.cmi.entry).toBe('');
    expect(resumed.cmi.total_time).toMatch(/^PT0H[01]M[\d.]+S$/);

    const mine = (await api(trainee, 'GET', `/api/scorm/get?topic=${topic}`)).json();
    expect(mine.data).toEqual([
      {
        ID: id,
        Name: 'Курс 2004',
        CreatedAt: expect.any(String),
        Topic: { ID: topic, Name: 'Тема без тестов' },
        Duration: 120,
        Progress: {
          CompletionStatus: 'completed',
          SuccessStatus: 'passed',
          Score: 85,
          TotalSeconds: expect.any(Number),
          LastLaunchedAt: expect.any(String),
        },
      },
    ]);
    const row = (await api(trainee, 'GET', '/api/subject/plantopics')).json().data.find((r: { ID: number }) => r.ID === topic);
    expect(row).toMatchObject({
      Completed: true,
      Scorm: [{ ID: id, Progress: { CompletionStatus: 'completed', SuccessStatus: 'passed' } }],
    });
  });

  it('binds a launch to one trainee and one package: nobody reads or writes another’s data', async () => {
    const a = await uploaded(scormPackage({ version: '1.2' }), 'Пакет А');
    const b = await uploaded(scormPackage({ version: '1.2' }), 'Пакет Б');
    const mine = await launch(trainee, a.id);
    await commit({ Token: mine.Token, Cmi: { cmi: { core: { lesson_location: 'secret-place', exit: 'suspend' } } }, Terminate: false });

    const other = await insertTrainee(t, planId);
    const theirs = await launch(other.token, a.id);
    expect((await session(theirs.Token)).json().data.Cmi).toBeNull();
    await commit({ Token: theirs.Token, Cmi: { cmi: { core: { lesson_location: 'overwritten', exit: 'suspend' } } }, Terminate: false });
    const again = await launch(trainee, a.id);
    expect((await session(again.Token)).json().data.Cmi.cmi.core.lesson_location).toBe('secret-place');

    // a token of package A writes A only
    const forB = await launch(trainee, b.id);
    expect((await session(forB.Token)).json().data.Cmi).toBeNull();
    const tracks = await t.db
      .selectFrom('scorm_tracks')
      .select(['user_id', 'package_id'])
      .where('package_id', 'in', [a.id, b.id])
      .execute();
    expect(tracks.filter((row) => row.package_id === b.id && row.user_id === other.id)).toEqual([]);

    // a trainee of another plan (or none) cannot launch it, nor see it in their list
    const outsider = await insertTrainee(t, null);
    const refused = await api(outsider.token, 'POST', `/api/scorm/launch/id:${a.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await api(outsider.token, 'GET', '/api/scorm/get')).json().data).toEqual([]);
    expect((await api(outsider.token, 'GET', `/api/scorm/get?id=${a.id}`)).statusCode).toBe(404);
  });

  it('refuses an expired launch, a made-up token and the app’s session token on the content origin', async () => {
    const { id } = await uploaded(scormPackage({ version: '1.2' }));
    const launched = await launch(trainee, id);
    await t.db
      .updateTable('scorm_launches')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(launched.Token))
      .execute();
    for (const token of [launched.Token, trainee, 'made-up']) {
      const read = await session(token);
      expect(read.statusCode).toBe(401);
      expect(read.json()).toEqual({ status: false, message: 'Сеанс курса истёк или недействителен: откройте курс заново' });
      expect((await commit({ Token: token, Cmi: {}, Terminate: false })).statusCode).toBe(401);
      expect((await content.inject({ method: 'GET', url: `/c/${encodeURIComponent(token)}/index.html` })).statusCode).toBe(401);
    }
    const english = await content.inject({ method: 'GET', url: '/runtime/session', headers: { ...bearer('x'), 'accept-language': 'en' } });
    expect(english.json()).toEqual({ status: false, message: 'The course session has expired or is not valid: open the course again' });
  });

  it('refuses CMI data that is not an object, too large or not storable', async () => {
    const { id } = await uploaded(scormPackage({ version: '2004' }));
    const { Token } = await launch(trainee, id);
    expect((await commit({ Token, Cmi: 'x', Terminate: false })).statusCode).toBe(400);
    expect((await commit({ Token, Cmi: { cmi: { suspend_data: 'a\u0000b' } }, Terminate: false })).statusCode).toBe(400);
    expect((await commit({ Token, Cmi: { cmi: { suspend_data: 'я'.repeat(600_000) } }, Terminate: false })).statusCode).toBe(413);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) deep = { a: deep };
    expect((await commit({ Token, Cmi: deep, Terminate: false })).statusCode).toBe(413);
    const broken = await content.inject({
      method: 'POST',
      url: '/runtime/commit',
      payload: '{',
      headers: { 'content-type': 'text/plain' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: false });
  });

  it('archives a package with tracks and deletes one without, with its files', async () => {
    const untouched = await uploaded(scormPackage({ version: '1.2' }), 'Не открывали');
    const row = await t.db
      .selectFrom('scorm_packages')
      .select(['zip_key', 'content_prefix'])
      .where('id', '=', untouched.id)
      .executeTakeFirstOrThrow();
    const deleted = await api(admin, 'DELETE', `/api/scorm/delete/id:${untouched.id}`);
    expect(deleted.json()).toEqual({ status: true, message: 'SCORM-пакет удалён', archived: false });
    const keys = await storedKeys(t);
    expect(keys).not.toContain(row.zip_key);
    expect(keys.filter((key) => key.startsWith(`${row.content_prefix}/`))).toEqual([]);

    const opened = await uploaded(scormPackage({ version: '1.2' }), 'Открывали');
    await launch(trainee, opened.id);
    const archived = await api(admin, 'DELETE', `/api/scorm/delete/id:${opened.id}`);
    expect(archived.json()).toEqual({
      status: true,
      message: 'SCORM-пакет убран в архив: результаты слушателей сохранены',
      archived: true,
    });
    expect((await api(admin, 'GET', `/api/scorm/get?id=${opened.id}`)).statusCode).toBe(404);
    expect((await api(trainee, 'GET', '/api/scorm/get')).json().data.map((p: { ID: number }) => p.ID)).not.toContain(opened.id);
    expect(await t.db.selectFrom('scorm_tracks').select('user_id').where('package_id', '=', opened.id).execute()).toHaveLength(1);
    expect((await api(trainee, 'POST', `/api/scorm/launch/id:${opened.id}`)).statusCode).toBe(404);
    expect((await auditOf(t, opened.id, 'scorm.')).map((entry) => entry.action)).toEqual(['scorm.create', 'scorm.upload', 'scorm.archive']);
  });

  it('refuses to delete a topic or plan that SCORM packages belong to, saying why', async () => {
    const plan = await insertPlan(t.db, 'План с курсом');
    const topic = await insertTopic(t.db, plan, 'Тема с курсом');
    await uploaded(scormPackage({ version: '2004' }), 'Курс темы', topic);
    for (const url of [`/api/subject/deletetopic/${topic}`, `/api/subject/deleteplan/${plan}`]) {
      const refused = await api(admin, 'DELETE', url);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ status: false, message: expect.stringMatching(/^Нельзя удалить: к теме привязаны SCORM-пакеты/) });
    }
    expect(await t.db.selectFrom('topics').select('id').where('id', '=', topic).execute()).toHaveLength(1);
  });
});

describe('the content origin', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    t = await createTestApp();
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'scorm-player.html'), '<!doctype html><title>player</title>');
    await fs.writeFile(path.join(webDist, 'assets', 'player-abc123.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('serves the player page and its scripts with nosniff and no referrer, no cookie and no CORS', async () => {
    const content = await buildContentApp({ config: { ...t.config, WEB_DIST: webDist }, scorm: t.app.services.scorm });
    for (const url of ['/player', '/assets/player-abc123.js']) {
      const response = await content.inject({
        method: 'GET',
        url,
        headers: { origin: 'http://evil.example', ...bearer(await t.tokenOf(Role.Trainee)) },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    expect((await content.inject({ method: 'GET', url: '/player' })).body).toContain('<title>player</title>');
    // the app's API is not on this origin
    expect(
      (await content.inject({ method: 'GET', url: '/api/scorm/get', headers: bearer(await t.tokenOf(Role.Trainee)) })).statusCode,
    ).toBe(404);
    expect(content.routeTable.length).toBeGreaterThan(0);
    for (const entry of content.routeTable) expect(entry.public, `${entry.method} ${entry.url}`).toBe(true);
    await content.close();
  });

  it('answers a clear 404 when the player page is not built', async () => {
    const content = await buildContentApp({ config: t.config, scorm: t.app.services.scorm });
    const response = await content.inject({ method: 'GET', url: '/player', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: 'The SCORM player is not built: run npm run build' });
    await content.close();
  });

  it('lets the app’s pages frame the content origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'oqu.local:3000' } });
    expect(page.headers['content-security-policy']).toContain(`frame-src 'self' https: http://oqu.local:${t.config.CONTENT_PORT}`);
  });
});

describe('SCORM upload refusals', () => {
  let t: TestApp;
  let admin: string;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp({ SCORM_MAX_BYTES: '60000', SCORM_MAX_ENTRIES: '6', SCORM_MAX_UNPACKED_BYTES: '200000' });
    admin = await t.tokenOf(Role.Admin);
    const plan = await t.db.selectFrom('plans').select('id').orderBy('id').executeTakeFirstOrThrow();
    const topic = await insertTopic(t.db, plan.id, 'Тема');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/scorm/new',
      payload: { TopicID: topic, Name: 'Пакет' },
      headers: bearer(admin),
    });
    id = created.json().scorm.ID;
  });
  afterAll(() => t?.close());

  /** Uploads `zip` and answers the status and message, checking that storage holds what it held before. */
  async function refused(zip: Buffer) {
    const before = await storedKeys(t);
    const response = await postMultipart(t.app, '/uploadF', [{ name: 'ScormID', value: String(id) }, filePart(zip, 'p.zip')], admin, {
      'accept-language': 'en',
    });
    expect(await storedKeys(t)).toEqual(before);
    const row = await t.db
      .selectFrom('scorm_packages')
      .select(['zip_key', 'content_prefix'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ zip_key: null, content_prefix: null });
    return { status: response.statusCode, message: response.json().message as string };
  }

  const manifestOnly = scormPackage({ version: '1.2' });
  const entry = (name: string, content = 'x') => ({ name, content: Buffer.from(content) });
  const manifestEntry = () => {
    // the manifest of a valid package, to pair with hostile entries
    return { name: 'imsmanifest.xml', content: Buffer.from(scormManifestText) };
  };
  let scormManifestText = '';

  beforeAll(async () => {
    const { scormManifest } = await import('../../test/scorm-packages.js');
    scormManifestText = scormManifest('1.2', 'T', 'index.html', ['index.html']);
  });

  it('refuses what is not a zip by its content', async () => {
    expect(await refused(Buffer.from('just text, not a zip'))).toEqual({ status: 415, message: 'A SCORM package must be a ZIP archive' });
  });

  it('refuses a damaged zip, one without a manifest, a path leaving the folder, a symlink, a bomb and too many entries, naming each', async () => {
    const damaged = Buffer.concat([manifestOnly.subarray(0, 200), Buffer.alloc(100)]);
    const cases: [string, Buffer][] = [
      ['damaged', damaged],
      ['no manifest', zipOf([entry('index.html')])],
      ['climbs out', zipOf([manifestEntry(), entry('index.html'), entry('../evil.html')])],
      [
        'symlink',
        zipOf([manifestEntry(), entry('index.html'), { name: 'link.html', content: Buffer.from('/etc/passwd'), unixMode: 0o120777 }]),
      ],
      ['bomb', zipOf([manifestEntry(), entry('index.html'), { name: 'big.txt', content: Buffer.alloc(1_000_000) }])],
      ['too many', zipOf([manifestEntry(), ...Array.from({ length: 7 }, (_, i) => entry(`f${i}.html`)), entry('index.html')])],
    ];
    const messages = new Set<string>();
    for (const [label, zip] of cases) {
      const answer = await refused(zip);
      expect(answer.status, `${label}: ${answer.message}`).toBe(422);
      expect(answer.message, label).toMatch(/\S/);
      messages.add(answer.message);
    }
    // each refusal names its own reason
    expect(messages.size).toBe(cases.length);
  });

  it('cuts an upload over SCORM_MAX_BYTES while it streams (413)', async () => {
    const big = scormPackage({ version: '1.2', stored: true, files: [{ path: 'index.html', content: randomBytes(80_000) }] });
    expect(await refused(big)).toEqual({ status: 413, message: 'The SCORM package file is larger than allowed (SCORM_MAX_BYTES)' });
  });
});

describe('SCORM packages on S3 storage', () => {
  let s3: TestS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('uploads, unpacks, serves by ranges, downloads and deletes a package in the bucket', async () => {
    const admin = await t.tokenOf(Role.Admin);
    const trainee = await t.tokenOf(Role.Trainee);
    const me = await t.db
      .selectFrom('users')
      .select('plan_id')
      .where('id', '=', await t.idOf(Role.Trainee))
      .executeTakeFirstOrThrow();
    const topic = await insertTopic(t.db, me.plan_id as number, 'Тема в облаке');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/scorm/new',
      payload: { TopicID: topic, Name: 'Облако' },
      headers: bearer(admin),
    });
    const id = created.json().scorm.ID as number;
    const media = randomBytes(300_000);
    const zip = scormPackage({
      version: '2004',
      stored: true,
      files: [
        { path: 'index.html', content: '<p>облако</p>' },
        { path: 'media/clip.mp4', content: media },
      ],
    });
    const upload = await postMultipart(t.app, '/uploadF', [{ name: 'ScormID', value: String(id) }, filePart(zip, 'cloud.zip')], admin);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.Version).toBe('2004');

    const launched = (await t.app.inject({ method: 'POST', url: `/api/scorm/launch/id:${id}`, headers: bearer(trainee) })).json().data;
    const content = await buildContentApp({ config: t.config, scorm: t.app.services.scorm });
    const page = await content.inject({ method: 'GET', url: `/c/${launched.Token}/index.html` });
    expect(page.body).toBe('<p>облако</p>');
    const clip = await content.inject({ method: 'GET', url: `/c/${launched.Token}/media/clip.mp4`, headers: { range: 'bytes=1000-1999' } });
    expect(clip.statusCode).toBe(206);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.rawPayload.equals(media.subarray(1000, 2000))).toBe(true);
    await content.close();

    const download = await t.app.inject({ method: 'GET', url: `/api/scorm/download/id:${id}`, headers: bearer(admin) });
    expect(download.rawPayload.equals(zip)).toBe(true);

    // nobody opened it: deleting it empties the bucket of its files
    await t.db.deleteFrom('scorm_launches').where('package_id', '=', id).execute();
    await t.db.deleteFrom('scorm_tracks').where('package_id', '=', id).execute();
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/scorm/delete/id:${id}`, headers: bearer(admin) });
    expect(deleted.json().archived).toBe(false);
    expect((await storedKeys(t)).filter((key) => key.startsWith('scorm/'))).toEqual([]);
  });
});

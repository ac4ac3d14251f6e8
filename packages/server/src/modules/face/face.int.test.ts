import { Role } from '@oqu/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/messages.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan, insertTopic } from '../../test/catalogue.js';
import { createExam, type ExamWorld, examForm, examWorld } from '../../test/exams.js';
import { facePhoto, tinyPng } from '../../test/factories.js';
import { FORBIDDEN } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';
import { EventStreamClient, insertPerson, insertWebinar } from '../../test/rooms.js';
import { createFaceEngine } from './engine/create-face-engine.js';
import { type FaceEngine, FaceEngineBusyError } from './engine/face-engine.js';

/**
 * The face check through the API, with the real face model on the repository's photographs
 * (fixtures/faces): enrolment at upload, the staff's comparison, the camera check of a webinar join
 * and an examiner's start, and the gates of rooms and exams. One engine serves every app of the file.
 */

const jpeg = (name: string): MultipartPart => filePart(facePhoto(name), name, 'image/jpeg');
const FACE_CHECK_FIRST = { status: false, message: translate('face_check_first', 'ru') };

let engine: FaceEngine;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  engine = createFaceEngine({ workers: 1, queueMax: 32 });
  t = await createTestApp({ FACE_CHECK: 'required' }, () => ({ faceEngine: engine }));
  admin = await t.tokenOf(Role.Admin);
  // the thread loads the models on its first image (seconds on a busy machine): not inside a test's time
  await engine.analyse(facePhoto('sunset.jpg'));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await engine?.close();
});

const uploadPhoto = async (app: TestApp, userId: number, photo: MultipartPart) =>
  postMultipart(app.app, '/uploadI', [{ name: 'UserID', value: String(userId) }, photo], await app.tokenOf(Role.Admin));
const verify = (app: TestApp, token: string, target: Record<string, number>, shot: MultipartPart, language = 'ru') =>
  postMultipart(
    app.app,
    '/api/face/verify',
    [...Object.entries(target).map(([name, value]) => ({ name, value: String(value) })), { ...shot, name: 'file' }],
    token,
    { 'accept-language': language },
  );
const compare = (token: string, source: MultipartPart, target: MultipartPart) =>
  postMultipart(
    t.app,
    '/api/face/compare',
    [
      { ...source, name: 'source' },
      { ...target, name: 'target' },
    ],
    token,
  );

const photosOf = (app: TestApp, userId: number) =>
  app.db.selectFrom('user_photos').select(['id', 'storage_key']).where('user_id', '=', userId).execute();
const enrolmentsOf = (app: TestApp, userId: number) =>
  app.db.selectFrom('face_enrolments').select(['photo_id', 'model', 'embedding', 'box']).where('user_id', '=', userId).execute();
const checksOf = (app: TestApp, userId: number) =>
  app.db.selectFrom('face_verifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
async function storedKeys(app: TestApp, prefix: string) {
  const keys: string[] = [];
  for await (const { key } of app.storage.list(prefix)) keys.push(key);
  return keys;
}

/** A live webinar of a plan of its own, the demo teacher's, and a trainee of that plan with a session. */
async function liveRoom(app: TestApp) {
  const planId = await insertPlan(app.db, `План с проверкой лица ${Math.random()}`);
  const topicId = await insertTopic(app.db, planId, 'Охрана труда');
  const webinarId = await insertWebinar(app.db, { planId, topicId, teacherId: await app.idOf(Role.Teacher), beginsIn: -10 });
  const trainee = await insertPerson(app.db, Role.Trainee, { planId });
  return { planId, topicId, webinarId, trainee };
}

const setattend = (app: TestApp, token: string, webinarId: number) =>
  app.app.inject({ method: 'POST', url: '/api/web/setattend', payload: { WebID: webinarId }, headers: bearer(token) });

describe('enrolment: a person’s photo with FACE_CHECK=required', () => {
  it('refuses a photo without a face, with several faces, or one the model cannot read (422), and keeps nothing of it', async () => {
    const person = await insertPerson(t.db, Role.Trainee);
    const before = await storedKeys(t, 'photos/');
    for (const [photo, key] of [
      [jpeg('sunset.jpg'), 'face_photo_no_face'],
      [jpeg('bar55_2.jpg'), 'face_photo_several_faces'],
      [jpeg('qt-logo.jpg'), 'face_photo_several_faces'],
      [filePart(tinyPng(64), 'plain.png', 'image/png'), 'face_photo_no_face'],
      [
        filePart(Buffer.concat([facePhoto('jesper.jpg').subarray(0, 400), Buffer.alloc(2000, 7)]), 'broken.jpg', 'image/jpeg'),
        'face_image_unreadable',
      ],
    ] as const) {
      const response = await uploadPhoto(t, person.id, photo);
      expect(response.statusCode, photo.name).toBe(422);
      expect(response.json()).toEqual({ status: false, message: translate(key, 'ru') });
    }
    const english = await postMultipart(t.app, '/uploadI', [{ name: 'UserID', value: String(person.id) }, jpeg('sunset.jpg')], admin, {
      'accept-language': 'en',
    });
    expect(english.json().message).toBe('No face was found in the photo: upload one that shows the face from the front');
    expect(await photosOf(t, person.id)).toEqual([]);
    expect(await enrolmentsOf(t, person.id)).toEqual([]);
    expect(await storedKeys(t, 'photos/')).toEqual(before);
  });

  it('enrols a photo with one face, the small one of grand_canyon_2 too: its embedding is kept with the model’s name', async () => {
    const person = await insertPerson(t.db, Role.Trainee);
    for (const name of ['jesper_2.jpg', 'grand_canyon_2.jpg']) {
      const response = await uploadPhoto(t, person.id, jpeg(name));
      expect(response.statusCode, name).toBe(200);
      expect(response.json()).toMatchObject({ status: true, message: 'Фотография загружена' });
    }
    const photos = await photosOf(t, person.id);
    const enrolled = await enrolmentsOf(t, person.id);
    expect(enrolled.map((e) => e.photo_id).sort()).toEqual(photos.map((p) => p.id).sort());
    for (const e of enrolled) {
      expect(e.model).toBe(engine.model);
      expect(e.embedding).toHaveLength(128);
      expect(e.box).toHaveLength(4);
    }
    // the photo goes with its enrolment
    const [first] = photos;
    const removed = await t.app.inject({ method: 'DELETE', url: `/delete/image/id:${first?.id}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);
    expect(await enrolmentsOf(t, person.id)).toHaveLength(1);
  });

  it('enrols an examiner’s photo the same way', async () => {
    const examiner = await insertPerson(t.db, Role.Examiner, { fullName: 'Фотов Экзаменатор Иванович' });
    expect((await uploadPhoto(t, examiner.id, jpeg('jesper_2.jpg'))).statusCode).toBe(200);
    expect(await enrolmentsOf(t, examiner.id)).toHaveLength(1);
    expect((await uploadPhoto(t, examiner.id, jpeg('sunset.jpg'))).statusCode).toBe(422);
    expect(await photosOf(t, examiner.id)).toHaveLength(1);
  });
});

describe('POST /api/face/compare', () => {
  it('tells whether the largest faces of two photos are one person, for staff', async () => {
    const same = await compare(admin, jpeg('jesper.jpg'), jpeg('jesper_2.jpg'));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ status: true, message: '', FaceMatches: 1, Reason: null });
    expect(same.json().Similarity).toBeGreaterThanOrEqual(t.config.FACE_MATCH_THRESHOLD);

    const other = await compare(await t.tokenOf(Role.Teacher), jpeg('jesper.jpg'), jpeg('anne_helene.jpg'));
    expect(other.json()).toMatchObject({ status: true, FaceMatches: 0, Reason: 'no_match' });
    expect(other.json().Similarity).toBeLessThan(t.config.FACE_MATCH_THRESHOLD);

    const none = await compare(await t.tokenOf(Role.Examiner), jpeg('sunset.jpg'), jpeg('jesper.jpg'));
    expect(none.json()).toEqual({ status: true, message: '', FaceMatches: 0, Similarity: 0, Reason: 'no_face' });

    // every comparison is kept for the audit, under who asked
    const checks = await checksOf(t, await t.idOf(Role.Admin));
    expect(checks.at(-1)).toMatchObject({
      matched: true,
      reason: null,
      webinar_id: null,
      exam_id: null,
      model: engine.model,
      shot_key: null,
    });
    expect(checks.at(-1)?.threshold).toBeCloseTo(t.config.FACE_MATCH_THRESHOLD, 5);
  });

  it('refuses trainees and region accounts (403), and a missing or wrong file (400, 415)', async () => {
    for (const role of [Role.Trainee, Role.Region]) {
      const response = await compare(await t.tokenOf(role), jpeg('jesper.jpg'), jpeg('jesper_2.jpg'));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
    const missing = await postMultipart(t.app, '/api/face/compare', [{ ...jpeg('jesper.jpg'), name: 'source' }], admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Выберите изображение (target)');
    const text = await compare(admin, jpeg('jesper.jpg'), filePart(Buffer.from('not an image'), 'a.txt', 'text/plain'));
    expect(text.statusCode).toBe(415);
  });
});

describe('POST /api/face/verify: a trainee joining a live webinar', () => {
  let room: Awaited<ReturnType<typeof liveRoom>>;
  let base: string;

  beforeAll(async () => {
    room = await liveRoom(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  const events = async (token: string) => {
    const client = await EventStreamClient.open(base, room.webinarId, token);
    client.close();
    return client;
  };

  it('without an enrolled photo: not_enrolled, telling the trainee to contact the administrator; the room stays shut', async () => {
    const response = await verify(t, room.trainee.token, { WebID: room.webinarId }, jpeg('jesper.jpg'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: 'Лицо не распознано: нет фотографии для сравнения, обратитесь к администратору',
      FaceMatches: 0,
      Similarity: 0,
      Liveness: null,
      Reason: 'not_enrolled',
    });
    const english = await verify(t, room.trainee.token, { WebID: room.webinarId }, jpeg('jesper.jpg'), 'en');
    expect(english.json().message).toBe('Face not recognized: there is no photo to compare with, contact the administrator');

    const join = await setattend(t, room.trainee.token, room.webinarId);
    expect(join.statusCode).toBe(403);
    expect(join.json()).toEqual(FACE_CHECK_FIRST);
    const stream = await events(room.trainee.token);
    expect(stream.status).toBe(403);
    expect(JSON.parse(stream.body)).toEqual(FACE_CHECK_FIRST);
    const kazakh = await t.app.inject({
      method: 'POST',
      url: '/api/web/setattend',
      payload: { WebID: room.webinarId },
      headers: { ...bearer(room.trainee.token), 'accept-language': 'kk' },
    });
    expect(kazakh.json().message).toBe('Алдымен бетті тексеруден өтіңіз');
  });

  it('another person’s face, or no face, does not match; the trainee’s own face does and records the join, face-verified', async () => {
    expect((await uploadPhoto(t, room.trainee.id, jpeg('jesper_2.jpg'))).statusCode).toBe(200);

    const stranger = await verify(t, room.trainee.token, { WebID: room.webinarId }, jpeg('anne_helene.jpg'));
    expect(stranger.json()).toMatchObject({
      status: true,
      message: 'Лицо не распознано: не совпадает с фотографией в профиле',
      FaceMatches: 0,
      Reason: 'no_match',
    });
    expect(stranger.json().Similarity).toBeLessThan(t.config.FACE_MATCH_THRESHOLD);
    expect(stranger.json().Liveness).toEqual(expect.any(Number));

    const landscape = await verify(t, room.trainee.token, { WebID: room.webinarId }, jpeg('sunset.jpg'));
    expect(landscape.json()).toMatchObject({ FaceMatches: 0, Reason: 'no_face', Liveness: null });
    const crowd = await verify(t, room.trainee.token, { WebID: room.webinarId }, jpeg('bar55_2.jpg'));
    expect(crowd.json()).toMatchObject({ FaceMatches: 0, Reason: 'several_faces', message: 'Лицо не распознано: в кадре несколько лиц' });
    expect((await setattend(t, room.trainee.token, room.webinarId)).statusCode).toBe(403);
    expect(await t.db.selectFrom('webinar_attendance').selectAll().where('webinar_id', '=', room.webinarId).execute()).toEqual([]);

    const own = await verify(t, room.trainee.token, { WebID: room.webinarId }, jpeg('jesper.jpg'));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: true, message: 'Лицо распознано', FaceMatches: 1, Reason: null });
    const { Similarity, Liveness } = own.json();
    expect(Similarity).toBeGreaterThanOrEqual(t.config.FACE_MATCH_THRESHOLD);
    expect(Liveness).toBeGreaterThanOrEqual(t.config.FACE_LIVENESS_THRESHOLD);

    const attendance = await t.db.selectFrom('webinar_attendance').selectAll().where('webinar_id', '=', room.webinarId).execute();
    expect(attendance).toHaveLength(1);
    expect(attendance[0]).toMatchObject({ user_id: room.trainee.id, face_verified: true });
    expect(attendance[0]?.face_similarity).toBeCloseTo(Similarity, 2);
    // the teacher sees the join was face-verified
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/web/getweb/${room.webinarId}`,
      headers: bearer(await t.tokenOf(Role.Teacher)),
    });
    expect(details.json().data.UsersOnline).toContainEqual(
      expect.objectContaining({ ID: room.trainee.id, Connected: true, FaceVerified: true }),
    );

    // every check is on record with its scores, threshold and model; no shot is kept by default
    const checks = await checksOf(t, room.trainee.id);
    expect(checks.map((c) => [c.webinar_id, c.matched, c.reason])).toEqual([
      [room.webinarId, false, 'not_enrolled'],
      [room.webinarId, false, 'not_enrolled'],
      [room.webinarId, false, 'no_match'],
      [room.webinarId, false, 'no_face'],
      [room.webinarId, false, 'several_faces'],
      [room.webinarId, true, null],
    ]);
    expect(checks.at(-1)).toMatchObject({ model: engine.model, shot_key: null, exam_id: null });
    expect(checks.at(-1)?.similarity).toBeCloseTo(Similarity, 2);
    expect(await storedKeys(t, 'face/')).toEqual([]);
  });

  it('lets the matched trainee join and hear the room for FACE_CHECK_VALID_MINUTES, then asks for the check again', async () => {
    expect((await setattend(t, room.trainee.token, room.webinarId)).statusCode).toBe(200);
    const stream = await events(room.trainee.token);
    expect(stream.status).toBe(200);
    // a plain join later keeps the face-verified mark
    const row = await t.db.selectFrom('webinar_attendance').selectAll().where('user_id', '=', room.trainee.id).executeTakeFirstOrThrow();
    expect(row.face_verified).toBe(true);

    await t.db
      .updateTable('face_verifications')
      .set({ created_at: sql`now() - make_interval(mins => ${t.config.FACE_CHECK_VALID_MINUTES + 1})` })
      .where('user_id', '=', room.trainee.id)
      .execute();
    expect(await setattend(t, room.trainee.token, room.webinarId)).toMatchObject({ statusCode: 403 });
    expect((await events(room.trainee.token)).status).toBe(403);
  });

  it('does not gate staff: the teacher opens the room’s events without a check', async () => {
    expect((await events(await t.tokenOf(Role.Teacher))).status).toBe(200);
  });

  it('is refused as the join is: another plan (404), not yet or no longer live (422); and it takes exactly one of WebID and ExamID', async () => {
    const outsider = await insertPerson(t.db, Role.Trainee);
    const notFound = await verify(t, outsider.token, { WebID: room.webinarId }, jpeg('jesper.jpg'));
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ status: false, message: 'Вебинар не найден' });

    const later = await insertWebinar(t.db, {
      planId: room.planId,
      topicId: room.topicId,
      teacherId: await t.idOf(Role.Teacher),
      beginsIn: 120,
    });
    expect((await verify(t, room.trainee.token, { WebID: later }, jpeg('jesper.jpg'))).statusCode).toBe(422);
    const ended = await insertWebinar(t.db, {
      planId: room.planId,
      topicId: room.topicId,
      teacherId: await t.idOf(Role.Teacher),
      ended: true,
    });
    expect((await verify(t, room.trainee.token, { WebID: ended }, jpeg('jesper.jpg'))).statusCode).toBe(422);

    const none = await verify(t, room.trainee.token, {}, jpeg('jesper.jpg'));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(translate('face_target_missing', 'ru'));
    const both = await verify(t, room.trainee.token, { WebID: room.webinarId, ExamID: 1 }, jpeg('jesper.jpg'));
    expect(both.statusCode).toBe(400);
    const wrong = await postMultipart(t.app, '/api/face/verify', [{ name: 'WebID', value: 'abc' }, jpeg('jesper.jpg')], room.trainee.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('WebID');
    const noShot = await postMultipart(t.app, '/api/face/verify', [{ name: 'WebID', value: String(room.webinarId) }], room.trainee.token);
    expect(noShot.statusCode).toBe(400);
  });

  it('is refused to administrators, teachers and region accounts (403)', async () => {
    for (const role of [Role.Admin, Role.Teacher, Role.Region]) {
      const response = await verify(t, await t.tokenOf(role), { WebID: room.webinarId }, jpeg('jesper.jpg'));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
  });
});

describe('POST /api/face/verify: an examiner starting an exam', () => {
  let w: ExamWorld;
  let examId: number;

  beforeAll(async () => {
    w = await examWorld(t);
    examId = await createExam(t, examForm(w));
    expect((await uploadPhoto(t, w.examiner.id, jpeg('jesper_2.jpg'))).statusCode).toBe(200);
  });

  const call = (token: string, method: 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(token) });
  const vote = (token: string) =>
    call(token, 'POST', '/api/examenatorcheck', { Data: [{ ExamID: examId, UserID: w.people.ann.id, Vote: 'true' }] });
  const sign = (token: string) => call(token, 'POST', `/api/exam/sign/id:${examId}`, { Signature: 'AAAA' });

  it('refuses the examiner’s vote, completion and signature until their face matched for that exam', async () => {
    for (const response of [
      await vote(w.examiner.token),
      await call(w.examiner.token, 'POST', `/api/exam/complete/id:${examId}`),
      await sign(w.examiner.token),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FACE_CHECK_FIRST);
    }

    const stranger = await verify(t, w.examiner.token, { ExamID: examId }, jpeg('anne_helene.jpg'));
    expect(stranger.json()).toMatchObject({ FaceMatches: 0, Reason: 'no_match' });
    expect((await vote(w.examiner.token)).statusCode).toBe(403);

    const own = await verify(t, w.examiner.token, { ExamID: examId }, jpeg('jesper.jpg'));
    expect(own.json()).toMatchObject({ status: true, FaceMatches: 1, Reason: null });
    const checks = await checksOf(t, w.examiner.id);
    expect(checks.at(-1)).toMatchObject({ exam_id: examId, webinar_id: null, matched: true });

    expect((await vote(w.examiner.token)).statusCode).toBe(200);
    // the second examiner has not passed the check
    expect(await vote(w.second.token)).toMatchObject({ statusCode: 403 });
    expect((await call(w.examiner.token, 'POST', `/api/exam/complete/id:${examId}`)).statusCode).toBe(200);
    // past the gate, the signature is judged on its own (this one is no signature)
    const signed = await sign(w.examiner.token);
    expect(signed.statusCode).not.toBe(403);
    expect(signed.statusCode).toBeLessThan(500);
    expect(await sign(w.second.token)).toMatchObject({ statusCode: 403 });
    // the demo seed signs with a key the server holds: nobody is at a camera, so no face is asked
    const second = { id: w.second.id, roleId: Role.Examiner };
    await expect(t.app.services.exams.signingAccess(second, examId)).rejects.toMatchObject({ statusCode: 403, key: 'face_check_first' });
    await expect(t.app.services.exams.signingAccess(second, examId, 'server-key')).resolves.toBeUndefined();
  });

  it('is refused to an examiner not assigned (403) and a trainee (403); once the exam ended, an examiner still to vote or sign passes it', async () => {
    const outsider = await verify(t, w.outsider.token, { ExamID: examId }, jpeg('jesper.jpg'));
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(translate('exam_not_examiner', 'ru'));
    expect((await verify(t, w.people.ann.token, { ExamID: examId }, jpeg('jesper.jpg'))).statusCode).toBe(403);
    // completed in the test before: the second examiner, who never passed the check, still may
    const late = await verify(t, w.second.token, { ExamID: examId }, jpeg('jesper.jpg'));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: true, FaceMatches: expect.any(Number) });
  });
});

describe('FACE_CHECK=off', () => {
  let off: TestApp;
  /** images the engine analysed for this app */
  let analysed = 0;
  beforeAll(async () => {
    const counting: FaceEngine = {
      model: engine.model,
      analyse: (image, options) => {
        analysed += 1;
        return engine.analyse(image, options);
      },
      similarity: (a, b) => engine.similarity(a, b),
      close: async () => {},
    };
    off = await createTestApp({ FACE_KEEP_SHOTS: 'true' }, () => ({ faceEngine: counting }));
  });
  afterAll(() => off?.close());

  it('reads no face at upload and guards no room: a trainee joins without a check', async () => {
    expect(off.config.FACE_CHECK).toBe('off');
    const room = await liveRoom(off);
    expect((await uploadPhoto(off, room.trainee.id, jpeg('sunset.jpg'))).statusCode).toBe(200);
    expect(await enrolmentsOf(off, room.trainee.id)).toEqual([]);
    expect((await setattend(off, room.trainee.token, room.webinarId)).statusCode).toBe(200);
    const row = await off.db.selectFrom('webinar_attendance').selectAll().where('user_id', '=', room.trainee.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ face_verified: false, face_similarity: null });
    expect(analysed).toBe(0);
  });

  it('enrols photos lazily at the first check (keeping the shot with FACE_KEEP_SHOTS), and all at once by the one-off command, listing those it cannot', async () => {
    const room = await liveRoom(off);
    expect((await uploadPhoto(off, room.trainee.id, jpeg('jesper_2.jpg'))).statusCode).toBe(200);
    expect(await enrolmentsOf(off, room.trainee.id)).toEqual([]);
    const own = await verify(off, room.trainee.token, { WebID: room.webinarId }, jpeg('jesper.jpg'));
    expect(own.json()).toMatchObject({ FaceMatches: 1 });
    expect(await enrolmentsOf(off, room.trainee.id)).toHaveLength(1);
    // FACE_KEEP_SHOTS=true: the shot is kept beside its scores, where no files route serves it
    const [check] = await checksOf(off, room.trainee.id);
    expect(check?.shot_key).toMatch(/^face\/[0-9a-f]{32}\/shot\.jpg$/);
    expect(await storedKeys(off, 'face/')).toEqual([check?.shot_key]);
    expect((await off.app.inject({ method: 'GET', url: `/files/${check?.shot_key}` })).statusCode).toBe(404);

    const other = await insertPerson(off.db, Role.Trainee);
    expect((await uploadPhoto(off, other.id, jpeg('grand_canyon_2.jpg'))).statusCode).toBe(200);
    expect((await uploadPhoto(off, other.id, jpeg('qt-logo.jpg'))).statusCode).toBe(200);
    const [canyon, logo] = await off.db.selectFrom('user_photos').select('id').where('user_id', '=', other.id).orderBy('id').execute();
    const outcome = await off.app.services.face.enrolAll();
    // the first test's landscape, and the logo of three faces, stay as they are
    expect(outcome.refused).toContainEqual({ photoId: logo?.id, userId: other.id, reason: 'several_faces' });
    expect(outcome.refused.map((r) => r.reason).sort()).toEqual(['no_face', 'several_faces']);
    expect(outcome.enrolled).toBe(1);
    expect((await enrolmentsOf(off, other.id)).map((e) => e.photo_id)).toEqual([canyon?.id]);
    expect(await photosOf(off, other.id)).toHaveLength(2);
    // the refusals are kept with the model: neither the command nor the person's checks read those photos again
    expect(
      await off.db
        .selectFrom('face_enrolment_refusals')
        .select(['photo_id', 'model', 'reason'])
        .where('photo_id', '=', Number(logo?.id))
        .execute(),
    ).toEqual([{ photo_id: logo?.id, model: engine.model, reason: 'several_faces' }]);
    const before = analysed;
    expect(await off.app.services.face.enrolAll()).toEqual({ enrolled: 0, refused: [] });
    const room2 = await liveRoom(off);
    await off.db.updateTable('users').set({ plan_id: room2.planId }).where('id', '=', other.id).execute();
    expect((await verify(off, other.token, { WebID: room2.webinarId }, jpeg('grand_canyon_2.jpg'))).json()).toMatchObject({
      FaceMatches: 1,
    });
    // the shot alone was read
    expect(analysed).toBe(before + 1);
  });
});

describe('a busy engine', () => {
  it('answers 429 with Retry-After and “busy, try again” in the caller’s language', async () => {
    const full: FaceEngine = {
      model: 'busy',
      analyse: () => Promise.reject(new FaceEngineBusyError()),
      similarity: () => 0,
      close: async () => {},
    };
    const busy = await createTestApp({ FACE_CHECK: 'required' }, () => ({ faceEngine: full }));
    try {
      const token = await busy.tokenOf(Role.Admin);
      for (const [language, message] of [
        ['ru', 'Проверка лица сейчас занята, попробуйте ещё раз через несколько секунд'],
        ['kk', 'Бетті тексеру қазір бос емес, бірнеше секундтан кейін қайталап көріңіз'],
        ['en', 'The face check is busy, try again in a few seconds'],
      ] as const) {
        const response = await postMultipart(
          busy.app,
          '/api/face/compare',
          [
            { ...jpeg('jesper.jpg'), name: 'source' },
            { ...jpeg('jesper_2.jpg'), name: 'target' },
          ],
          token,
          { 'accept-language': language },
        );
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json()).toEqual({ status: false, message });
      }
      // an upload that cannot be checked now is not kept either
      const person = await insertPerson(busy.db, Role.Trainee);
      const upload = await postMultipart(busy.app, '/uploadI', [{ name: 'UserID', value: String(person.id) }, jpeg('jesper_2.jpg')], token);
      expect(upload.statusCode).toBe(429);
      expect(await photosOf(busy, person.id)).toEqual([]);
    } finally {
      await busy.close();
    }
  });
});

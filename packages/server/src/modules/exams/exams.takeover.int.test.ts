import { EXAM_FIELDS, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { createExam, type ExamWorld, examForm, examWorld, insertSignature } from '../../test/exams.js';
import { auditOf } from '../../test/http.js';

/**
 * Issue 27 §1, "Exam takeover": an examiner not on an exam rewrote its examiners and certified alone,
 * a teacher lowered the pass mark, an examiner backdated an exam. Each step is refused now.
 */
describe('no one takes an exam over', () => {
  let t: TestApp;
  let w: ExamWorld;
  let admin: string;
  let teacher: string;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, language = 'ru') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': language } });
  const save = (id: number, token: string, form: object, language?: string) =>
    call('PUT', `/api/exam/updateexam/${id}`, token, form, language);
  const read = async (id: number, token = admin) => (await call('GET', `/api/exam/getexam?id=${id}`, token)).json().data;
  /** The form as the web sends it back: every field as stored, `changes` on top. */
  const storedForm = async (id: number, changes: Record<string, unknown> = {}) => {
    const exam = await read(id);
    return {
      Name: exam.Name,
      PlanID: exam.PlanID,
      TypeID: exam.TypeID,
      PassMarks: exam.PassMarks,
      BeginTime: exam.BeginTime,
      Duration: exam.Duration,
      Examenators: exam.Examenators.map((e: { ID: number }) => e.ID),
      Regions: exam.Regions.map((r: { ID: number }) => r.ID),
      ...changes,
    };
  };
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const chairOf = async (examId: number) =>
    (await t.db.selectFrom('exam_examiners').select('examiner_id').where('exam_id', '=', examId).where('chair', '=', true).execute()).map(
      (r) => r.examiner_id,
    );

  beforeAll(async () => {
    t = await createTestApp();
    w = await examWorld(t);
    admin = await t.tokenOf(Role.Admin);
    teacher = await t.tokenOf(Role.Teacher);
  });
  afterAll(() => t.close());

  it('refuses an examiner not on the exam who names himself its examiner (403), writing and auditing nothing', async () => {
    const id = await createExam(t, examForm(w));
    expect((await call('GET', `/table/get?id=${id}`, w.outsider.token)).statusCode).toBe(403);
    const seized = await save(id, w.outsider.token, await storedForm(id, { Examenators: [w.outsider.id] }));
    expect(seized.statusCode).toBe(403);
    expect(seized.json()).toEqual({ status: false, message: '«Экзаменаторы»: изменить может только администратор' });
    expect((await read(id)).Examenators.map((e: { ID: number }) => e.ID)).toEqual([w.examiner.id, w.second.id]);
    expect(await auditOf(t, id, 'exam.')).toEqual([]);
    // so he cannot go on to complete it either
    expect((await call('POST', `/api/exam/complete/id:${id}`, w.outsider.token)).statusCode).toBe(403);
  });

  it('refuses a teacher who lowers the pass mark or adds regions (403, in the caller’s language)', async () => {
    const id = await createExam(t, examForm(w, { Regions: [w.west.id] }, -120));
    const lowered = await save(id, teacher, await storedForm(id, { PassMarks: 0 }));
    expect(lowered.statusCode).toBe(403);
    expect(lowered.json().message).toBe('«Проходной балл»: изменить может только администратор');
    const regions = await save(id, teacher, await storedForm(id, { Regions: [w.west.id, w.east.id] }), 'kk');
    expect(regions.statusCode).toBe(403);
    expect(regions.json().message).toBe('«Аудиториялар (өңірлер)»: тек әкімші өзгерте алады');
    expect(await read(id)).toMatchObject({ PassMarks: 2, Regions: [{ ID: w.west.id }] });
    expect(await auditOf(t, id, 'exam.')).toEqual([]);
  });

  it('refuses an exam created in the past, with a minute’s grace, in ru, kk and en', async () => {
    const messages = {
      ru: '«Дата и время»: экзамен не может начинаться в прошлом',
      kk: '«Күні мен уақыты»: емтихан өткен уақытта басталмайды',
      en: '“Date and time”: an exam cannot begin in the past',
    };
    for (const [language, message] of Object.entries(messages)) {
      const backdated = await call(
        'POST',
        '/api/exam/newexam',
        w.examiner.token,
        examForm(w, { Examenators: [w.examiner.id] }, 10),
        language,
      );
      expect(backdated.statusCode, language).toBe(422);
      expect(backdated.json().message).toBe(message);
    }
    const justNow = await call('POST', '/api/exam/newexam', w.examiner.token, examForm(w, {}, 0.5));
    expect(justNow.statusCode).toBe(200);
  });

  it('refuses moving an exam into the past (422), and moves it later', async () => {
    const id = await createExam(t, examForm(w, {}, -60));
    const moved = await save(id, admin, await storedForm(id, { BeginTime: minutesFromNow(-5) }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe('«Дата и время»: экзамен не может начинаться в прошлом');
    const later = minutesFromNow(90);
    expect((await save(id, admin, await storedForm(id, { BeginTime: later }))).statusCode).toBe(200);
    expect((await read(id)).BeginTime).toBe(later);
  });

  it('freezes a begun exam’s fields even for an administrator (422), but renames it with an audit entry', async () => {
    const id = await createExam(t, examForm(w));
    const otherPlan = (await t.db.selectFrom('plans').select('id').where('id', '!=', w.planId).executeTakeFirstOrThrow()).id;
    const replanned = await save(id, admin, await storedForm(id, { PlanID: otherPlan }));
    expect(replanned.statusCode).toBe(422);
    expect(replanned.json().message).toBe('«План обучения»: Экзамен уже начался: можно изменить только название');
    const english = await save(id, admin, await storedForm(id, { Duration: 30 }), 'en');
    expect(english.json().message).toBe('“Duration, minutes”: The exam has begun: only the name can be changed');
    expect(await auditOf(t, id, 'exam.')).toEqual([]);

    const renamed = await save(id, admin, await storedForm(id, { Name: 'Проверка знаний, смена Б' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ Name: 'Проверка знаний, смена Б', PlanID: w.planId });
    const audit = await auditOf(t, id, 'exam.update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: await t.idOf(Role.Admin),
      details: { changed: ['Name'], name: 'Проверка знаний, смена Б' },
    });
  });

  it('accepts the whole form sent back unchanged once frozen, and tells why the rest is read-only', async () => {
    const id = await createExam(t, examForm(w));
    expect(
      (await call('POST', '/api/examenatorcheck', w.examiner.token, { Data: [{ ExamID: id, UserID: w.people.ann.id, Vote: 'true' }] }))
        .statusCode,
    ).toBe(200);
    // the web form sends the stored values with the offset it shows them in
    const form = await storedForm(id);
    const shifted = new Date(new Date(form.BeginTime).getTime() + 6 * 3600_000).toISOString().replace('Z', '+06:00');
    const unchanged = await save(id, admin, { ...form, BeginTime: shifted, Regions: [...form.Regions].reverse() });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().data).toMatchObject({
      EditableFields: ['Name'],
      LockReason: 'Есть решения экзаменаторов: можно изменить только название',
    });
    expect(await auditOf(t, id, 'exam.update')).toEqual([]);
    // the form sends the time to the minute: a rename keeps the stored moment
    const toMinute = new Date(Math.floor(new Date(form.BeginTime).getTime() / 60_000) * 60_000).toISOString();
    expect((await save(id, admin, { ...form, BeginTime: toMinute, Name: 'Переименован' })).statusCode).toBe(200);
    expect((await read(id)).BeginTime).toBe(form.BeginTime);
    const reordered = await save(id, admin, { ...form, Examenators: [w.second.id, w.examiner.id] });
    expect(reordered.statusCode).toBe(422);
    expect(reordered.json().message).toMatch(/^«Экзаменаторы»: Есть решения экзаменаторов/);
  });

  it('answers each caller what they may change now, and why not the rest', async () => {
    const waiting = await createExam(t, examForm(w, {}, -60));
    const begun = await createExam(t, examForm(w));
    const signed = await createExam(t, examForm(w, { Duration: 5 }));
    await insertSignature(t.db, signed, w.examiner.id);
    expect(await read(waiting)).toMatchObject({ EditableFields: [...EXAM_FIELDS], LockReason: null });
    expect(await read(begun)).toMatchObject({
      EditableFields: ['Name'],
      LockReason: 'Экзамен уже начался: можно изменить только название',
    });
    expect(await read(signed)).toMatchObject({ EditableFields: [], LockReason: 'Табель подписан: экзамен изменить нельзя' });
    expect(await read(waiting, teacher)).toMatchObject({
      EditableFields: [],
      LockReason: 'Только администратор может изменить этот экзамен',
    });
    const list = (await call('GET', '/api/exam/getexam?page=1', w.examiner.token, undefined, 'en')).json().data;
    expect(list.find((e: { ID: number }) => e.ID === waiting)).toMatchObject({
      EditableFields: [],
      LockReason: 'Only an administrator can change this exam',
    });
    const renamed = await save(signed, admin, await storedForm(signed, { Name: 'Другое имя' }));
    expect(renamed.statusCode).toBe(409);
  });

  it('lets a teacher rename an exam they created, nothing more, and never delete one', async () => {
    const created = await call('POST', '/api/exam/newexam', teacher, examForm(w, {}, -60));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.ID;
    expect(await read(id, teacher)).toMatchObject({
      EditableFields: ['Name'],
      LockReason: 'Только администратор может изменить экзамен, кроме его названия',
    });
    expect((await save(id, teacher, await storedForm(id, { Name: 'Моя проверка' }))).statusCode).toBe(200);
    expect((await save(id, teacher, await storedForm(id, { Duration: 30 }))).statusCode).toBe(403);
    const removed = await call('DELETE', `/api/exam/deleteexam/${id}`, teacher);
    expect(removed.statusCode).toBe(403);
    // the route is the administrators' alone (examsAccess.remove)
    expect(removed.json().message).toBe('Недостаточно прав для этого действия');
    expect((await call('DELETE', `/api/exam/deleteexam/${id}`, admin)).statusCode).toBe(200);
  });

  it('keeps the commission’s chair: one of its examiners, the first unless chosen', async () => {
    const form = examForm(w, {}, -60);
    const first = (await call('POST', '/api/exam/newexam', admin, form)).json().data.ID;
    expect(await chairOf(first)).toEqual([w.examiner.id]);
    const chosen = (await call('POST', '/api/exam/newexam', admin, { ...form, ChairID: w.second.id })).json().data.ID;
    expect(await chairOf(chosen)).toEqual([w.second.id]);
    const stranger = await call('POST', '/api/exam/newexam', admin, { ...form, ChairID: w.outsider.id });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().message).toBe('«Председатель комиссии»: выберите председателя среди экзаменаторов экзамена');
    // a save without ChairID keeps the chair while they still examine; one that drops them makes the first the chair
    expect((await save(chosen, admin, await storedForm(chosen, { Name: 'Без смены председателя' }))).statusCode).toBe(200);
    expect(await chairOf(chosen)).toEqual([w.second.id]);
    expect((await save(chosen, admin, await storedForm(chosen, { Examenators: [w.examiner.id] }))).statusCode).toBe(200);
    expect(await chairOf(chosen)).toEqual([w.examiner.id]);
    expect(
      (await save(chosen, admin, await storedForm(chosen, { Examenators: [w.examiner.id, w.second.id], ChairID: w.second.id }))).statusCode,
    ).toBe(200);
    expect(await chairOf(chosen)).toEqual([w.second.id]);
    const begun = await createExam(t, examForm(w));
    const moved = await save(begun, admin, await storedForm(begun, { ChairID: w.second.id }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toMatch(/^«Председатель комиссии»: Экзамен уже начался/);
    // an exam stored without a chair has its first examiner for one: renaming it changes no chair
    const unchaired = await createExam(t, examForm(w));
    await t.db.updateTable('exam_examiners').set({ chair: false }).where('exam_id', '=', unchaired).execute();
    expect((await save(unchaired, admin, await storedForm(unchaired, { Name: 'Экзамен без председателя' }))).statusCode).toBe(200);
  });
});

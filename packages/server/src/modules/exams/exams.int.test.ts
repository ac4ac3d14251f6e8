import { ExamType, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { FAILED, insertAttempt } from '../../test/catalogue.js';
import { createExam, type ExamWorld, examForm, examWorld, insertSignature, passTests } from '../../test/exams.js';
import { auditOf, FORBIDDEN, refusingAudit } from '../../test/http.js';
import { insertPerson, sessionFor } from '../../test/rooms.js';

type Row = { ID: number; Fullname: string; Results: { Passed: number; Total: number }; ExamenatorVote: string; Verdict: string };
type Group = { Region: { ID: number; Fullname: string }; Users: Row[] };

describe('exams', () => {
  let t: TestApp;
  let w: ExamWorld;
  let admin: string;
  let teacher: string;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, language = 'ru') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': language } });
  const vote = (token: string, Data: object[]) => call('POST', '/api/examenatorcheck', token, { Data });
  const table = async (examId: number, token: string) => call('GET', `/table/get?id=${examId}`, token);

  beforeAll(async () => {
    t = await createTestApp();
    w = await examWorld(t);
    admin = await t.tokenOf(Role.Admin);
    teacher = await t.tokenOf(Role.Teacher);
  });
  afterAll(() => t.close());

  describe('the form', () => {
    it('creates an exam and answers it with the spec’s fields', async () => {
      const created = await call('POST', '/api/exam/newexam', admin, examForm(w, { Name: 'Весенняя проверка' }, -60));
      expect(created.statusCode).toBe(200);
      const id = created.json().data.ID;
      const response = await call('GET', `/api/exam/getexam?id=${id}`, admin);
      expect(response.statusCode).toBe(200);
      const exam = response.json().data;
      expect(exam).toMatchObject({
        ID: id,
        Name: 'Весенняя проверка',
        PlanID: w.planId,
        TypeID: ExamType.Periodic,
        Type: 'Периодическая проверка знаний',
        PassMarks: 2,
        TestCount: 3,
        Duration: 120,
        Status: 'Ожидается',
        EndedAt: null,
        Examenators: [
          { ID: w.examiner.id, Fullname: expect.any(String) },
          { ID: w.second.id, Fullname: w.second.fullName },
        ],
        Regions: [
          { ID: w.east.id, Fullname: 'Восток' },
          { ID: w.west.id, Fullname: 'Запад' },
        ],
        Participants: 3,
        SignedBy: [],
        ChairID: w.examiner.id,
      });
      expect(exam.Examenator).toEqual(exam.Examenators[0]);
      expect(exam.Results).toBeUndefined();
      const english = await call('GET', `/api/exam/getexam?id=${id}`, admin, undefined, 'en');
      expect(english.json().data.Type).toBe('Periodic knowledge check');
    });

    it('refuses people of the wrong role, a pass mark over the plan’s tests, an unknown type or plan, naming the field', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ Examenators: [w.people.ann.id] }, /^«Экзаменаторы»: «Аманова Анна Сериковна»/],
        [{ Regions: [w.examiner.id] }, /^«Регионы»: /],
        [{ Regions: [999_999] }, /^«Регионы»: «№ 999999»/],
        [{ PassMarks: 4 }, /^«Проходной балл»: .*\(3\)/],
        [{ TypeID: 9 }, /^«Тип экзамена»/],
        [{ PlanID: 999_999 }, /^«План обучения»/],
      ];
      for (const [values, message] of cases) {
        const response = await call('POST', '/api/exam/newexam', admin, examForm(w, values, -60));
        expect(response.statusCode, JSON.stringify(values)).toBe(422);
        expect(response.json().message).toMatch(message);
      }
      const archived = await insertPerson(t.db, Role.Examiner, { fullName: 'Архивный' });
      await t.db.updateTable('users').set({ archived_at: new Date() }).where('id', '=', archived.id).execute();
      const response = await call('POST', '/api/exam/newexam', admin, examForm(w, { Examenators: [archived.id] }, -60), 'en');
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/^“Examiners”: “Архивный” is not an active examiner/);
    });

    it('lets teachers and examiners use the form, not trainees or region accounts', async () => {
      for (const role of [Role.Teacher, Role.Examiner]) {
        const response = await call('POST', '/api/exam/newexam', await t.tokenOf(role), examForm(w, {}, -60));
        expect(response.statusCode, String(role)).toBe(200);
      }
      for (const role of [Role.Trainee, Role.Region]) {
        const response = await call('POST', '/api/exam/newexam', await t.tokenOf(role), examForm(w, {}, -60));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(FORBIDDEN);
      }
    });

    it('updates an exam, and refuses once its card is signed', async () => {
      const id = await createExam(t, examForm(w, {}, -60));
      const response = await call(
        'PUT',
        `/api/exam/updateexam/${id}`,
        admin,
        examForm(w, { Name: 'Новое имя', Regions: [w.west.id], Examenators: [w.second.id] }, -60),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        Name: 'Новое имя',
        Regions: [{ ID: w.west.id }],
        Examenators: [{ ID: w.second.id }],
        Participants: 1,
      });
      await insertSignature(t.db, id, w.second.id);
      const refused = await call('PUT', `/api/exam/updateexam/${id}`, admin, examForm(w));
      expect(refused.statusCode).toBe(409);
      expect((await call('PUT', '/api/exam/updateexam/999999', admin, examForm(w))).statusCode).toBe(404);
    });

    it('deletes an exam nobody voted on, and refuses once a vote exists', async () => {
      const free = await createExam(t, examForm(w));
      expect((await call('DELETE', `/api/exam/deleteexam/${free}`, admin)).json()).toMatchObject({ status: true, archived: false });
      expect((await call('GET', `/api/exam/getexam?id=${free}`, admin)).statusCode).toBe(404);

      const voted = await createExam(t, examForm(w));
      expect((await vote(w.examiner.token, [{ ExamID: voted, UserID: w.people.ann.id, Vote: 'true' }])).statusCode).toBe(200);
      const refused = await call('DELETE', `/api/exam/deleteexam/${voted}`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/голосовали/);
      expect((await call('GET', `/api/exam/getexam?id=${voted}`, admin)).statusCode).toBe(200);
    });

    it('lists examiners for the picker to administrators, teachers and examiners', async () => {
      const response = await call('GET', '/api/exam/examenators', teacher);
      expect(response.statusCode).toBe(200);
      const ids = response.json().data.map((p: { ID: number }) => p.ID);
      expect(ids).toEqual(expect.arrayContaining([w.examiner.id, w.second.id]));
      expect(ids).not.toContain(w.people.ann.id);
      expect((await call('GET', '/api/exam/examenators', await t.tokenOf(Role.Trainee))).statusCode).toBe(403);
      expect((await call('GET', '/api/user/getregions', await t.tokenOf(Role.Examiner))).statusCode).toBe(200);
    });

    it('answers the exam types dictionary in the caller’s language', async () => {
      const ru = await call('GET', '/api/getexamtype', await t.tokenOf(Role.Trainee));
      expect(ru.json().data).toEqual([
        { ID: 13, Name: 'Первичная проверка знаний' },
        { ID: 14, Name: 'Периодическая проверка знаний' },
        { ID: 15, Name: 'Внеочередная проверка знаний' },
      ]);
      const kk = await call('GET', '/api/getexamtype', admin, undefined, 'kk');
      expect(kk.json().data[0]).toEqual({ ID: 13, Name: 'Білімді алғашқы тексеру' });
    });
  });

  describe('who sees which exams', () => {
    let mine: number;
    let others: number;
    let westOnly: number;

    beforeAll(async () => {
      mine = await createExam(t, examForm(w, { Name: 'Экзамен первого' }));
      others = await createExam(t, examForm(w, { Name: 'Экзамен второго', Examenators: [w.second.id] }));
      westOnly = await createExam(t, examForm(w, { Name: 'Только запад', Regions: [w.west.id], Examenators: [w.second.id] }));
    });

    it('pages the catalogue for administrators and teachers', async () => {
      for (const token of [admin, teacher]) {
        const body = (await call('GET', '/api/exam/getexam', token)).json();
        expect(body.pages).toBeGreaterThanOrEqual(1);
        expect(body.total).toBeGreaterThanOrEqual(3);
        expect(body.data.map((e: { ID: number }) => e.ID)).toEqual(expect.arrayContaining([mine, others, westOnly]));
      }
    });

    it('gives an examiner their own exams without a page, the whole catalogue with one', async () => {
      const own = (await call('GET', '/api/exam/getexam', w.examiner.token)).json();
      expect(own.pages).toBeUndefined();
      const ids = own.data.map((e: { ID: number }) => e.ID);
      expect(ids).toContain(mine);
      expect(ids).not.toContain(others);
      const all = (await call('GET', '/api/exam/getexam?page=1', w.examiner.token)).json();
      expect(all.data.map((e: { ID: number }) => e.ID)).toEqual(expect.arrayContaining([mine, others]));
    });

    it('shows a trainee only the exams they take part in, with their results', async () => {
      await passTests(t.db, w.people.cat.id, w.tests, 1);
      const cat = await sessionFor(t.db, w.people.cat.id);
      const body = (await call('GET', '/api/exam/getexam', cat)).json();
      const ids = body.data.map((e: { ID: number }) => e.ID);
      expect(ids).toEqual(expect.arrayContaining([mine, others, westOnly]));
      const exam = body.data.find((e: { ID: number }) => e.ID === westOnly);
      expect(exam).toMatchObject({ Results: { Passed: 1, Total: 3 }, BelowPassMark: true, Verdict: null, Participants: 0 });

      const ann = await sessionFor(t.db, w.people.ann.id);
      const annIds = (await call('GET', '/api/exam/getexam', ann)).json().data.map((e: { ID: number }) => e.ID);
      expect(annIds).toContain(mine);
      expect(annIds).not.toContain(westOnly);
      expect((await call('GET', `/api/exam/getexam?id=${westOnly}`, ann)).statusCode).toBe(404);

      const stranger = await sessionFor(t.db, w.people.other.id);
      expect((await call('GET', '/api/exam/getexam', stranger)).json().data.map((e: { ID: number }) => e.ID)).not.toContain(mine);
    });

    it('shows a region account only the exams that include its region', async () => {
      const east = (await call('GET', '/api/exam/getexam', w.east.token)).json();
      const ids = east.data.map((e: { ID: number }) => e.ID);
      expect(ids).toEqual(expect.arrayContaining([mine, others]));
      expect(ids).not.toContain(westOnly);
      expect(east.data.find((e: { ID: number }) => e.ID === mine).Participants).toBe(2);
      expect((await call('GET', `/api/exam/getexam?id=${westOnly}`, w.east.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/exam/getexam?id=${westOnly}`, w.west.token)).statusCode).toBe(200);
    });
  });

  describe('the table and votes', () => {
    let examId: number;

    beforeAll(async () => {
      examId = await createExam(t, examForm(w));
      await passTests(t.db, w.people.ann.id, w.tests, 3);
      await passTests(t.db, w.people.bob.id, w.tests, 1);
      // a failed attempt does not count; neither does an attempt of another plan's trainee
      await insertAttempt(t.db, w.people.bob.id, w.tests[2] as number, FAILED);
    });

    it('groups the participants by region, by name, with their results', async () => {
      const response = await table(examId, w.examiner.token);
      expect(response.statusCode).toBe(200);
      const groups: Group[] = response.json().data;
      expect(groups.map((g) => g.Region)).toEqual([
        { ID: w.east.id, Fullname: 'Восток' },
        { ID: w.west.id, Fullname: 'Запад' },
      ]);
      expect(groups[0]?.Users.map((u) => [u.Fullname, u.Results])).toEqual([
        ['Аманова Анна Сериковна', { Passed: 3, Total: 3 }],
        ['Борисов Борис Ильич', { Passed: 1, Total: 3 }],
      ]);
      expect(groups[1]?.Users.map((u) => u.ID)).toEqual([w.people.cat.id]);
      expect(response.json().Signed).toBe(false);
    });

    it('puts everyone of the plan in one group "Без региона" when the exam has no regions', async () => {
      const id = await createExam(t, examForm(w, { Regions: [] }));
      const groups: Group[] = (await table(id, w.examiner.token)).json().data;
      expect(groups).toHaveLength(1);
      expect(groups[0]?.Region).toEqual({ ID: 0, Fullname: 'Без региона' });
      expect(groups[0]?.Users.map((u) => u.ID).sort()).toEqual([w.people.ann.id, w.people.bob.id, w.people.cat.id, w.people.dan.id].sort());
      const english = await call('GET', `/table/get?id=${id}`, admin, undefined, 'en');
      expect(english.json().data[0].Region.Fullname).toBe('No region');
    });

    it('shows a region account its own region only, and nothing of other exams', async () => {
      const groups: Group[] = (await table(examId, w.west.token)).json().data;
      expect(groups.map((g) => g.Region.ID)).toEqual([w.west.id]);
      const other = await createExam(t, examForm(w, { Regions: [w.east.id] }));
      expect((await table(other, w.west.token)).statusCode).toBe(404);
      expect((await table(examId, w.outsider.token)).statusCode).toBe(403);
      expect((await table(examId, teacher)).statusCode).toBe(403);
      expect((await table(examId, admin)).statusCode).toBe(200);
    });

    it('stores the caller’s votes only, undoes them, and accepts only whom every examiner accepted', async () => {
      const saved = await vote(w.examiner.token, [
        { ExamID: examId, UserID: w.people.ann.id, Vote: 'true' },
        { ExamID: examId, UserID: w.people.bob.id, Vote: 'false' },
        { ExamID: examId, UserID: w.people.cat.id, Vote: true },
      ]);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toEqual({ Saved: 3 });
      const alone = ((await table(examId, w.examiner.token)).json().data as Group[]).flatMap((g) => g.Users);
      // one examiner of two accepted: not settled
      expect(alone.find((u) => u.ID === w.people.ann.id)?.Verdict).toBe('pending');
      await vote(w.second.token, [
        { ExamID: examId, UserID: w.people.ann.id, Vote: 'true' },
        { ExamID: examId, UserID: w.people.cat.id, Vote: 'false' },
      ]);
      const mine = (await table(examId, w.examiner.token)).json().data as Group[];
      const byId = new Map(mine.flatMap((g) => g.Users).map((u) => [u.ID, u]));
      expect(byId.get(w.people.ann.id)).toMatchObject({ ExamenatorVote: 'true', Verdict: 'accepted' });
      expect(byId.get(w.people.bob.id)).toMatchObject({ ExamenatorVote: 'false', Verdict: 'rejected' });
      // one for, one against: one rejection rejects
      expect(byId.get(w.people.cat.id)).toMatchObject({ ExamenatorVote: 'true', Verdict: 'rejected' });
      const second = (await table(examId, w.second.token)).json().data as Group[];
      const cat = second.flatMap((g) => g.Users).find((u) => u.ID === w.people.cat.id) as Row & { Votes: unknown };
      expect(cat.ExamenatorVote).toBe('false');
      expect(cat.Votes).toEqual([
        { ID: w.examiner.id, Fullname: expect.any(String), Vote: 'true' },
        { ID: w.second.id, Fullname: w.second.fullName, Vote: 'false' },
      ]);

      expect((await vote(w.examiner.token, [{ ExamID: examId, UserID: w.people.cat.id, Vote: '' }])).statusCode).toBe(200);
      const undone = ((await table(examId, w.examiner.token)).json().data as Group[])
        .flatMap((g) => g.Users)
        .find((u) => u.ID === w.people.cat.id);
      expect(undone).toMatchObject({ ExamenatorVote: '', Verdict: 'rejected' });
    });

    it('stores no votes whose audit entry cannot be written', async () => {
      const id = await createExam(t, examForm(w));
      const allow = await refusingAudit(t, 'exam.vote');
      try {
        expect((await vote(w.examiner.token, [{ ExamID: id, UserID: w.people.ann.id, Vote: 'true' }])).statusCode).toBe(500);
      } finally {
        await allow();
      }
      expect(await t.db.selectFrom('exam_votes').select('user_id').where('exam_id', '=', id).execute()).toEqual([]);
      expect((await vote(w.examiner.token, [{ ExamID: id, UserID: w.people.ann.id, Vote: 'true' }])).statusCode).toBe(200);
      expect(await auditOf(t, id, 'exam.vote')).toEqual([
        expect.objectContaining({ actor_id: w.examiner.id, details: { exams: [id], votes: 1 } }),
      ]);
    });

    it('refuses votes by someone not examining the exam, for a non-participant, before the exam begins', async () => {
      const outsider = await vote(w.outsider.token, [{ ExamID: examId, UserID: w.people.ann.id, Vote: 'true' }]);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().message).toBe('Вы не являетесь экзаменатором этого экзамена');
      expect((await vote(admin, [{ ExamID: examId, UserID: w.people.ann.id, Vote: 'true' }])).statusCode).toBe(403);
      const stranger = await vote(w.examiner.token, [
        { ExamID: examId, UserID: w.people.ann.id, Vote: 'false' },
        { ExamID: examId, UserID: w.people.other.id, Vote: 'true' },
      ]);
      expect(stranger.statusCode).toBe(422);
      expect(stranger.json().message).toContain(String(w.people.other.id));
      // all or nothing: Ann's vote did not change
      const ann = ((await table(examId, w.examiner.token)).json().data as Group[])
        .flatMap((g) => g.Users)
        .find((u) => u.ID === w.people.ann.id);
      expect(ann?.ExamenatorVote).toBe('true');
      const later = await createExam(t, examForm(w, {}, -60));
      const early = await vote(w.examiner.token, [{ ExamID: later, UserID: w.people.ann.id, Vote: 'true' }]);
      expect(early.statusCode).toBe(422);
      expect((await vote(w.examiner.token, [{ ExamID: 999_999, UserID: w.people.ann.id, Vote: 'true' }])).statusCode).toBe(404);
    });

    it('refuses every examiner’s votes once the first signed, and shows trainees the verdict once all signed', async () => {
      const id = await createExam(t, examForm(w));
      await vote(w.examiner.token, [{ ExamID: id, UserID: w.people.ann.id, Vote: 'true' }]);
      await vote(w.second.token, [{ ExamID: id, UserID: w.people.ann.id, Vote: 'true' }]);
      await insertSignature(t.db, id, w.examiner.id);
      for (const examiner of [w.examiner.token, w.second.token]) {
        const locked = await vote(examiner, [{ ExamID: id, UserID: w.people.ann.id, Vote: '' }]);
        expect(locked.statusCode).toBe(409);
        expect(locked.json().message).toBe(messages.exam_votes_locked.ru);
      }
      expect((await table(id, w.examiner.token)).json().Signed).toBe(true);
      expect((await table(id, w.second.token)).json().Signed).toBe(false);

      const ann = await sessionFor(t.db, w.people.ann.id);
      const before = (await call('GET', `/api/exam/getexam?id=${id}`, ann)).json().data;
      expect(before.Verdict).toBeNull();
      await insertSignature(t.db, id, w.second.id);
      const after = (await call('GET', `/api/exam/getexam?id=${id}`, ann)).json().data;
      expect(after).toMatchObject({ Verdict: 'accepted', SignedBy: [w.examiner.id, w.second.id] });
    });

    it('lets one examiner’s rejection outweigh every acceptance', async () => {
      const third = await createExam(t, examForm(w));
      await t.db.insertInto('exam_examiners').values({ exam_id: third, examiner_id: w.outsider.id, position: 2 }).execute();
      const examiners = (await call('GET', `/api/exam/getexam?id=${third}`, admin)).json().data.Examenators as { ID: number }[];
      expect(examiners.map((examiner) => examiner.ID)).toEqual([w.examiner.id, w.second.id, w.outsider.id]);
      await vote(w.examiner.token, [{ ExamID: third, UserID: w.people.bob.id, Vote: 'true' }]);
      await vote(w.second.token, [{ ExamID: third, UserID: w.people.bob.id, Vote: 'true' }]);
      const verdict = async () =>
        ((await table(third, admin)).json().data as Group[]).flatMap((g) => g.Users).find((u) => u.ID === w.people.bob.id)?.Verdict;
      expect(await verdict()).toBe('pending');
      await vote(w.outsider.token, [{ ExamID: third, UserID: w.people.bob.id, Vote: 'false' }]);
      expect(await verdict()).toBe('rejected');
    });
  });

  describe('status and completion', () => {
    it('reads the status from the clock: waiting, in progress, finished', async () => {
      const waiting = await createExam(t, examForm(w, {}, -30));
      const live = await createExam(t, examForm(w, {}, 30));
      const over = await createExam(t, examForm(w, { Duration: 20 }, 30));
      const status = async (id: number) => (await call('GET', `/api/exam/getexam?id=${id}`, admin)).json().data.Status;
      expect([await status(waiting), await status(live), await status(over)]).toEqual(['Ожидается', 'В процессе', 'Завершен']);
    });

    it('lets only an examiner of the exam complete it, only while it is in progress', async () => {
      const id = await createExam(t, examForm(w));
      expect((await call('POST', `/api/exam/complete/id:${id}`, w.outsider.token)).statusCode).toBe(403);
      expect((await call('POST', `/api/exam/complete/id:${id}`, admin)).statusCode).toBe(403);
      const done = await call('POST', `/api/exam/complete/id:${id}`, w.second.token);
      expect(done.statusCode).toBe(200);
      expect(done.json().data).toMatchObject({ Status: 'Завершен', EndedAt: expect.any(String) });
      expect((await call('GET', `/api/exam/getexam?id=${id}`, admin)).json().data.Status).toBe('Завершен');
      expect((await call('POST', `/api/exam/complete/id:${id}`, w.second.token)).statusCode).toBe(422);
      // votes are still taken after the end, until the examiner signs
      expect((await vote(w.second.token, [{ ExamID: id, UserID: w.people.cat.id, Vote: 'true' }])).statusCode).toBe(200);
      const waiting = await createExam(t, examForm(w, {}, -30));
      expect((await call('POST', `/api/exam/complete/id:${waiting}`, w.second.token)).statusCode).toBe(422);
    });
  });

  describe('the trainee’s plan', () => {
    it('shows the latest exam of the plan, with the pass mark once accepted', async () => {
      const dan = await sessionFor(t.db, w.people.dan.id);
      const id = await createExam(t, examForm(w, { Regions: [], Examenators: [w.second.id], PassMarks: 1 }, 5));
      const before = (await call('GET', '/api/subject/plantopics', dan)).json().exam;
      expect(before).toEqual({ ExamID: id, Name: 'Проверка знаний', Status: 'В процессе', Verdict: null, PassMarks: null });
      await vote(w.second.token, [{ ExamID: id, UserID: w.people.dan.id, Vote: 'true' }]);
      await insertSignature(t.db, id, w.second.id);
      const after = (await call('GET', '/api/subject/plantopics', dan)).json().exam;
      expect(after).toMatchObject({ ExamID: id, Verdict: 'accepted', PassMarks: 1 });
    });
  });
});

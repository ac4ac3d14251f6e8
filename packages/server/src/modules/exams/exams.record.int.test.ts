import { EXAM_VERDICT_RULE_RU, Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages.js';
import { LocalNotifier } from '../../plugins/notify.js';
import { ExamEventHub } from '../../plugins/realtime.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertAttempt, insertTest } from '../../test/catalogue.js';
import { type ExamWorld, examWorld, insertExam, passTests } from '../../test/exams.js';
import { insertPerson, sessionFor } from '../../test/rooms.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { AuditService } from '../audit/audit.service.js';
import { ExamsRepository } from './exams.repository.js';
import { ExamsService } from './exams.service.js';

type Row = { ID: number; Fullname: string; Results: { Passed: number; Total: number } };
type Group = { Region: { ID: number }; Users: Row[] };

const MINUTE = 60_000;

/** A completed exam's record is frozen: nothing outside the exam changes what it says afterwards. */
describe('exams: the record frozen at completion', () => {
  let t: TestApp;
  let w: ExamWorld;
  let admin: string;

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(token) });
  const table = async (examId: number, token = w.examiner.token) => (await call('GET', `/table/get?id=${examId}`, token)).json();
  const users = (body: { data: Group[] }) => body.data.flatMap((g) => g.Users);
  /** The table without the server's clock, which ticks between two reads. */
  const withoutClock = (body: { exam: { Now: string } }) => ({ ...body, exam: { ...body.exam, Now: '' } });

  /** An exam begun `beganMinutesAgo` ago (60 minutes long) of the world's plan, its east region, both examiners. */
  async function exam(beganMinutesAgo: number, regions = [w.east.id]) {
    const id = await insertExam(t.db, w.planId, new Date(Date.now() - beganMinutesAgo * MINUTE), [w.examiner, w.second], { passMarks: 2 });
    if (regions.length > 0) {
      await t.db
        .insertInto('exam_regions')
        .values(regions.map((region_id) => ({ exam_id: id, region_id })))
        .execute();
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await examWorld(t);
    admin = await t.tokenOf(Role.Admin);
  });
  afterAll(() => t.close());

  it('freezes an exam that ended by time when first read, as of its scheduled end', async () => {
    const id = await exam(120, []);
    const end = new Date(Date.now() - 60 * MINUTE);
    // Bob passed a test before the end, Cat only after it (before anyone looked at the exam)
    await insertAttempt(t.db, w.people.bob.id, w.tests[0], { finished_at: new Date(end.getTime() - 10 * MINUTE) });
    await insertAttempt(t.db, w.people.cat.id, w.tests[0], { finished_at: new Date(end.getTime() + 10 * MINUTE) });

    const body = await table(id);
    expect(body).toMatchObject({ Frozen: true, DocumentFixed: false });
    const record = await t.db.selectFrom('exam_records').selectAll().where('exam_id', '=', id).executeTakeFirstOrThrow();
    expect(Math.abs(new Date(record.completed_at).getTime() - end.getTime())).toBeLessThan(5_000);
    expect(body.exam.CompletedAt).toBe(new Date(record.completed_at).toISOString());
    const results = new Map(users(body).map((u) => [u.ID, u.Results.Passed]));
    expect(results.get(w.people.bob.id)).toBe(1);
    expect(results.get(w.people.cat.id)).toBe(0);
    // the trainee reads the same frozen result
    const cat = await sessionFor(t.db, w.people.cat.id);
    expect((await call('GET', `/api/exam/getexam?id=${id}`, cat)).json().data).toMatchObject({ Results: { Passed: 0, Total: 3 } });
  });

  it('freezes once when two freeze at once, and the sweeper freezes what ended without a reader', async () => {
    const repository = new ExamsRepository(t.db);
    const id = await exam(90);
    const frozen = await Promise.all([repository.freeze([id]), repository.freeze([id]), repository.freeze()]);
    expect(frozen.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    const participants = await t.db.selectFrom('exam_participants').select('user_id').where('exam_id', '=', id).execute();
    expect(participants.map((p) => p.user_id).sort()).toEqual([w.people.ann.id, w.people.bob.id].sort());
    expect(await repository.freeze([id])).toBe(0);

    const unread = await exam(75);
    const exams = new ExamsService(
      repository,
      new AuditService(new AuditRepository(t.db)),
      new ExamEventHub(new LocalNotifier()),
      {
        timeZone: 'Asia/Almaty',
        organisation: { name: 'Oqu', details: '' },
      },
      t.app.services.face,
    );
    const errors: unknown[] = [];
    const stop = await exams.startSweeper((error) => errors.push(error));
    stop();
    expect(errors).toEqual([]);
    expect(await t.db.selectFrom('exam_records').select('exam_id').where('exam_id', '=', unread).executeTakeFirst()).toEqual({
      exam_id: unread,
    });
  });

  it('after completion, new trainees, later attempts, renames and new tests change neither the table, the card nor the trainee’s view', async () => {
    await passTests(t.db, w.people.ann.id, w.tests, 1);
    const id = await exam(10);
    const vote = await call('POST', '/api/examenatorcheck', w.examiner.token, {
      Data: [{ ExamID: id, UserID: w.people.ann.id, Vote: 'true' }],
    });
    expect(vote.statusCode).toBe(200);
    const done = await call('POST', `/api/exam/complete/id:${id}`, w.examiner.token);
    expect(done.statusCode).toBe(200);
    // written in the completion's transaction
    const record = await t.db.selectFrom('exam_records').selectAll().where('exam_id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(record.completed_at).toISOString()).toBe(done.json().data.EndedAt);
    expect(record).toMatchObject({ pass_marks: 2, test_count: 3 });

    const before = await table(id);
    expect(before).toMatchObject({ Frozen: true, DocumentFixed: false, VerdictRule: EXAM_VERDICT_RULE_RU });
    expect(before.exam.CompletedAt).toBe(done.json().data.EndedAt);
    expect(users(before).map((u) => [u.Fullname, u.Results])).toEqual([
      ['Аманова Анна Сериковна', { Passed: 1, Total: 3 }],
      ['Борисов Борис Ильич', { Passed: 1, Total: 3 }],
    ]);
    // who has not decided on whom: the first examiner on Bob, the second on both
    expect(before.Undecided).toEqual([
      { ExamenatorID: w.examiner.id, Fullname: expect.any(String), Trainees: [{ ID: w.people.bob.id, Fullname: 'Борисов Борис Ильич' }] },
      {
        ExamenatorID: w.second.id,
        Fullname: w.second.fullName,
        Trainees: [
          { ID: w.people.ann.id, Fullname: 'Аманова Анна Сериковна' },
          { ID: w.people.bob.id, Fullname: 'Борисов Борис Ильич' },
        ],
      },
    ]);
    const kazakh = await t.app.inject({
      method: 'GET',
      url: `/table/get?id=${id}`,
      headers: { ...bearer(admin), 'accept-language': 'kk' },
    });
    expect(kazakh.json().VerdictRule).toBe(messages.exam_verdict_rule.kk);
    const card = async () => (await call('GET', `/api/exam/reportcard/id:${id}`, w.examiner.token)).rawPayload;
    const cardBefore = await card();
    const ann = await sessionFor(t.db, w.people.ann.id);
    const annBefore = (await call('GET', `/api/exam/getexam?id=${id}`, ann)).json().data;
    expect(annBefore).toMatchObject({ Results: { Passed: 1, Total: 3 }, BelowPassMark: true, CompletedAt: done.json().data.EndedAt });

    // afterwards: a trainee joins the plan in the region, Ann passes another test and is renamed, the plan gets a test
    const newcomer = await insertPerson(t.db, Role.Trainee, { planId: w.planId, fullName: 'Абаев Новый Слушатель' });
    await t.db.updateTable('users').set({ region_id: w.east.id }).where('id', '=', newcomer.id).execute();
    await insertAttempt(t.db, w.people.ann.id, w.tests[1]);
    await t.db.updateTable('users').set({ full_name: 'Аманова-Иванова Анна' }).where('id', '=', w.people.ann.id).execute();
    await insertTest(t.db, w.planId, w.topicId, 'Тест 4');

    expect(withoutClock(await table(id))).toEqual(withoutClock(before));
    expect((await card()).equals(cardBefore)).toBe(true);
    const annAfter = (await call('GET', `/api/exam/getexam?id=${id}`, ann)).json().data;
    expect({ ...annAfter, Now: '' }).toEqual({ ...annBefore, Now: '' });
    // the newcomer takes no part: not in their list, not found, no vote on them
    const list = (await call('GET', '/api/exam/getexam', newcomer.token)).json().data as { ID: number }[];
    expect(list.map((e) => e.ID)).not.toContain(id);
    expect((await call('GET', `/api/exam/getexam?id=${id}`, newcomer.token)).statusCode).toBe(404);
    const outsider = await call('POST', '/api/examenatorcheck', w.second.token, {
      Data: [{ ExamID: id, UserID: newcomer.id, Vote: 'true' }],
    });
    expect(outsider.statusCode).toBe(422);
    // a participant still takes votes until the first signature
    const late = await call('POST', '/api/examenatorcheck', w.second.token, {
      Data: [{ ExamID: id, UserID: w.people.bob.id, Vote: 'false' }],
    });
    expect(late.statusCode).toBe(200);
  });

  it('shows a trainee an exam that ended by time frozen on their next read, and freezes no one else’s', async () => {
    const id = await exam(120, []);
    const end = new Date(Date.now() - 60 * MINUTE);
    // Ann's attempt after the end is not among the exam's results
    await insertAttempt(t.db, w.people.ann.id, w.tests[1], { finished_at: new Date(end.getTime() + 10 * MINUTE) });
    const { plan_id: otherPlan } = await t.db
      .selectFrom('users')
      .select('plan_id')
      .where('id', '=', w.people.other.id)
      .executeTakeFirstOrThrow();
    const othersExam = await insertExam(t.db, otherPlan ?? 0, new Date(Date.now() - 120 * MINUTE), [w.examiner]);
    const recorded = async (examId: number) =>
      Boolean(await t.db.selectFrom('exam_records').select('exam_id').where('exam_id', '=', examId).executeTakeFirst());

    const list = (await call('GET', '/api/exam/getexam', w.people.ann.token)).json().data;
    const shown = list.find((e: { ID: number }) => e.ID === id);
    expect(shown).toMatchObject({ Status: 'Завершен', Results: { Passed: 0 } });
    expect(shown.CompletedAt).not.toBeNull();
    expect(await recorded(id)).toBe(true);
    // neither her list nor her plan froze the exam of a plan Ann does not follow: the sweeper will
    expect(await recorded(othersExam)).toBe(false);
    expect((await call('GET', '/api/subject/plantopics', w.people.ann.token)).statusCode).toBe(200);
    expect(await recorded(othersExam)).toBe(false);
  });
});

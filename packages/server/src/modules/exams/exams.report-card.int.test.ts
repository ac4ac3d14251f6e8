import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalNotifier } from '../../plugins/notify.js';
import { ExamEventHub } from '../../plugins/realtime.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { caller } from '../../test/callers.js';
import { createExam, type ExamWorld, examForm, examWorld, insertSignature, passTests } from '../../test/exams.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { AuditService } from '../audit/audit.service.js';
import { ExamsRepository } from './exams.repository.js';
import { ExamsService } from './exams.service.js';

/** What the signatures module asks of the exams service: the card's content and who may sign or read it. */
describe('exams: the report card for the signatures module', () => {
  let t: TestApp;
  let w: ExamWorld;
  let exams: ExamsService;
  let events: ExamEventHub;

  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: { statusCode: number; key: string }) => [error.statusCode, error.key],
    );

  beforeAll(async () => {
    t = await createTestApp();
    w = await examWorld(t);
    events = new ExamEventHub(new LocalNotifier());
    exams = new ExamsService(
      new ExamsRepository(t.db),
      new AuditService(new AuditRepository(t.db)),
      events,
      {
        timeZone: 'Asia/Almaty',
        organisation: { name: 'Oqu', details: '' },
      },
      t.app.services.face,
    );
    await passTests(t.db, w.people.ann.id, w.tests, 2);
  });
  afterAll(() => t.close());

  it('fills the card: number, exam, examiners in order, regions by name, trainees by name, votes, verdicts, signatures', async () => {
    // 23:30 UTC on 31 December is already the next year in Almaty
    const id = await createExam(t, examForm(w, { Name: 'Годовая проверка', BeginTime: '2026-12-31T23:30:00Z', Duration: 60 }, 0));
    await t.db
      .updateTable('exams')
      .set({ ended_at: new Date('2027-01-01T00:10:00Z') })
      .where('id', '=', id)
      .execute();
    await t.db
      .insertInto('exam_votes')
      .values([
        { exam_id: id, examiner_id: w.second.id, user_id: w.people.ann.id, accepted: true },
        { exam_id: id, examiner_id: w.examiner.id, user_id: w.people.bob.id, accepted: false },
      ])
      .execute();
    // the second examiner chairs the commission
    await t.db.updateTable('exam_examiners').set({ chair: false }).where('exam_id', '=', id).execute();
    await t.db
      .updateTable('exam_examiners')
      .set({ chair: true })
      .where('exam_id', '=', id)
      .where('examiner_id', '=', w.second.id)
      .execute();
    await insertSignature(t.db, id, w.second.id);
    const card = await exams.reportCard(id);
    expect(card.documentNumber).toBe(`ЭК-${id}-2027`);
    expect(card.organisation).toEqual({ name: 'Oqu', details: '' });
    expect(card.chair).toEqual({ id: w.second.id, fullname: w.second.fullName });
    expect(card.timeZone).toBe('Asia/Almaty');
    expect(card.exam).toMatchObject({
      id,
      name: 'Годовая проверка',
      type: 'Периодическая проверка знаний',
      durationMinutes: 60,
      status: 'Завершен',
      passMarks: 2,
      testCount: 3,
    });
    expect(card.exam.beginTime).toEqual(new Date('2026-12-31T23:30:00Z'));
    expect(card.exam.completedAt).toEqual(new Date('2027-01-01T00:10:00Z'));
    expect(card.examiners.map((e) => e.id)).toEqual([w.examiner.id, w.second.id]);
    expect(card.regions.map((r) => r.region.fullname)).toEqual(['Восток', 'Запад']);
    const east = card.regions[0]?.trainees ?? [];
    expect(east.map((p) => [p.fullname, p.passed, p.total, p.belowPassMark, p.votes, p.verdict])).toEqual([
      // accepted by one examiner of two: pending; rejected by one: rejected
      ['Аманова Анна Сериковна', 2, 3, false, ['', 'true'], 'pending'],
      ['Борисов Борис Ильич', 0, 3, true, ['false', ''], 'rejected'],
    ]);
    // who has not voted on whom, the examiners in order (Цой of Запад has no vote at all)
    expect(card.undecided.map((u) => [u.examiner.id, u.trainees.map((p) => p.fullname)])).toEqual([
      [w.examiner.id, ['Аманова Анна Сериковна', 'Цой Катерина Олеговна']],
      [w.second.id, ['Борисов Борис Ильич', 'Цой Катерина Олеговна']],
    ]);
    expect(card.signatures).toEqual([
      { examinerId: w.second.id, signerName: 'Подписант', iin: '900215400003', serial: '01', signedAt: expect.any(Date) },
    ]);
    // the same state gives the same card
    expect(await exams.reportCard(id)).toEqual(card);
  });

  it('lets an examiner of a finished exam sign once, and admins and its examiners read it', async () => {
    const live = await createExam(t, examForm(w));
    const over = await createExam(t, examForm(w, { Duration: 5 }, 10));
    const examiner = caller(Role.Examiner, w.examiner.id);
    const outsider = caller(Role.Examiner, w.outsider.id);
    expect(await refusal(exams.signingAccess(examiner, 999_999))).toEqual([404, 'exam_not_found']);
    expect(await refusal(exams.signingAccess(outsider, over))).toEqual([403, 'exam_not_examiner']);
    expect(await refusal(exams.signingAccess(caller(Role.Admin, await t.idOf(Role.Admin)), over))).toEqual([403, 'exam_not_examiner']);
    expect(await refusal(exams.signingAccess(examiner, live))).toEqual([422, 'exam_not_finished']);
    expect(await refusal(exams.signingAccess(examiner, over))).toBeNull();
    await insertSignature(t.db, over, w.examiner.id);
    expect(await refusal(exams.signingAccess(examiner, over))).toEqual([409, 'exam_already_signed']);

    expect(await refusal(exams.readAccess(examiner, over))).toBeNull();
    expect(await refusal(exams.readAccess(caller(Role.Admin, 1), over))).toBeNull();
    expect(await refusal(exams.readAccess(outsider, over))).toEqual([403, 'exam_not_examiner']);
    expect(await refusal(exams.readAccess(caller(Role.Region, w.east.id), over))).toEqual([403, 'exam_not_examiner']);
    expect(await refusal(exams.readAccess(examiner, 999_999))).toEqual([404, 'exam_not_found']);
  });

  it('tells the exam’s room that an examiner signed', async () => {
    const frames: string[] = [];
    const leave = events.subscribe(42, (frame) => frames.push(frame));
    await exams.announceSigned(42, w.second.id);
    leave();
    expect(frames).toEqual([`event: signed\ndata: {"ExamenatorID":${w.second.id}}\n\n`]);
  });
});

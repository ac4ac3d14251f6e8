import { ExamType, examRequest, Role } from '@oqu/contracts';
import type { Db } from '../db/database.js';
import { ExamsRepository } from '../modules/exams/exams.repository.js';
import type { TestApp } from './app.js';
import { insertAttempt, insertPlan, insertTest, insertTopic } from './catalogue.js';
import { insertPerson } from './rooms.js';

/**
 * An exam's world for the exams tests: a plan of three tests, two region accounts ("Восток" and
 * "Запад"), trainees in each and one without a region, two examiners with sessions.
 */
export async function examWorld(t: TestApp) {
  const db = t.db;
  const planId = await insertPlan(db, `План экзамена ${Math.random()}`);
  const topicId = await insertTopic(db, planId, 'Охрана труда');
  const tests = [
    await insertTest(db, planId, topicId, 'Тест 1'),
    await insertTest(db, planId, topicId, 'Тест 2'),
    await insertTest(db, planId, topicId, 'Тест 3'),
  ];
  const west = await insertPerson(db, Role.Region, { fullName: 'Запад' });
  const east = await insertPerson(db, Role.Region, { fullName: 'Восток' });
  const trainee = async (fullName: string, regionId: number | null, planOf = planId) => {
    const person = await insertPerson(db, Role.Trainee, { planId: planOf, fullName });
    await db.updateTable('users').set({ region_id: regionId }).where('id', '=', person.id).execute();
    return person;
  };
  const people = {
    ann: await trainee('Аманова Анна Сериковна', east.id),
    bob: await trainee('Борисов Борис Ильич', east.id),
    cat: await trainee('Цой Катерина Олеговна', west.id),
    dan: await trainee('Данияров Данияр Ерланович', null),
    other: await trainee('Чужой Слушатель Планович', east.id, await insertPlan(db, `Другой план ${Math.random()}`)),
  };
  const examiner = { id: await t.idOf(Role.Examiner), token: await t.tokenOf(Role.Examiner) };
  const second = await insertPerson(db, Role.Examiner, { fullName: 'Второй Экзаменатор Иванович' });
  const outsider = await insertPerson(db, Role.Examiner, { fullName: 'Посторонний Экзаменатор Петрович' });
  return { planId, topicId, tests, west, east, people, examiner, second, outsider };
}

export type ExamWorld = Awaited<ReturnType<typeof examWorld>>;

/** A valid exam form of the world's plan, begun `beganMinutesAgo` ago (negative: begins later). */
export function examForm(w: ExamWorld, values: Record<string, unknown> = {}, beganMinutesAgo = 10) {
  return {
    Name: 'Проверка знаний',
    PlanID: w.planId,
    TypeID: ExamType.Periodic,
    PassMarks: 2,
    BeginTime: new Date(Date.now() - beganMinutesAgo * 60_000).toISOString(),
    Duration: 120,
    Examenators: [w.examiner.id, w.second.id],
    Regions: [w.west.id, w.east.id],
    ...values,
  };
}

/**
 * Creates an exam as the administrator's form would, straight in the database: past exams too,
 * which the API refuses to create (the factory skips the form's checks; give it a valid form).
 */
export async function createExam(t: TestApp, form: object): Promise<number> {
  const exam = examRequest.parse(form);
  return new ExamsRepository(t.db).insert(
    {
      name: exam.Name,
      plan_id: exam.PlanID,
      type_id: exam.TypeID,
      pass_marks: exam.PassMarks,
      begin_time: new Date(exam.BeginTime),
      duration_minutes: exam.Duration,
      created_by: await t.idOf(Role.Admin),
    },
    { examiners: { ids: exam.Examenators, chair: exam.ChairID ?? (exam.Examenators[0] as number) }, regions: exam.Regions },
  );
}

/** A signature row as the signatures module stores it (the files are not needed by these tests). */
export async function insertSignature(db: Db, examId: number, examinerId: number) {
  await db
    .insertInto('exam_signatures')
    .values({
      exam_id: examId,
      examiner_id: examinerId,
      signer_name: 'Подписант',
      signer_iin: '900215400003',
      certificate_serial: '01',
      valid_from: new Date(Date.now() - 86_400_000),
      valid_to: new Date(Date.now() + 86_400_000),
      signature_key: `signatures/${examId}-${examinerId}.p7s`,
      pdf_key: `signatures/${examId}-${examinerId}.pdf`,
      pdf_sha256: '0'.repeat(64),
    })
    .execute();
}

/** Passed attempts of the trainee at the first `count` tests. */
export async function passTests(db: Db, userId: number, tests: number[], count: number) {
  for (const testId of tests.slice(0, count)) await insertAttempt(db, userId, testId);
}

/** An exam straight in the database (a primary one of 60 minutes from `beginTime`) with its examiners in order, the first its chair. */
export async function insertExam(
  db: Db,
  planId: number,
  beginTime: Date,
  examiners: { id: number }[],
  { name = 'Проверка знаний', passMarks = 0 } = {},
) {
  const { id } = await db
    .insertInto('exams')
    .values({ name, plan_id: planId, type_id: ExamType.Primary, pass_marks: passMarks, begin_time: beginTime, duration_minutes: 60 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('exam_examiners')
    .values(examiners.map((x, position) => ({ exam_id: id, examiner_id: x.id, position, chair: position === 0 })))
    .execute();
  return id;
}

import { ExamType, Role } from '@oqu/contracts';
import type { Db } from '../db/database.js';
import { isTrainee, liveTrainee } from '../db/trainees.sql.js';
import { dayIn } from '../lib/calendar.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The demo exams: one in progress now, one held two days ago with the demo examiner's votes. */
export const DEMO_EXAMS = [
  { name: 'Периодическая проверка знаний по охране труда', typeId: ExamType.Periodic, beginsIn: -30, duration: 120, ended: false },
  {
    name: 'Первичная проверка знаний по промышленной безопасности',
    typeId: ExamType.Primary,
    beginsIn: -2 * 24 * 60,
    duration: 120,
    ended: true,
  },
] as const;

/**
 * When a demo exam begins: the running one `beginsIn` minutes from now, the held one at 10:00 in the
 * organisation's zone (Asia/Almaty, UTC+5, as the demo's lessons) on its day, so that it ends and is
 * signed that same day.
 */
function beginOf(exam: (typeof DEMO_EXAMS)[number], now: number): Date {
  const moment = new Date(now + exam.beginsIn * MINUTE);
  return exam.ended ? new Date(`${dayIn(moment, 'Asia/Almaty')}T10:00:00+05:00`) : moment;
}

/** The held exam's report card is signed this long after the exam ended, on its day. */
const SIGNED_AFTER_END = 15 * MINUTE;

/**
 * Demo exams of the demo plan with the demo examiner (the commission's chair) and region; every demo
 * trainee belongs to the demo region. Before the held exam its participants passed the pass mark's
 * number of the plan's tests, a test a day, and the examiner accepted each of them. Runs once:
 * nothing is added when any exam exists, or without the demo plan, examiner and region. Answers the
 * held exam, its examiner and the moment its card is signed, on the exam's day (the signatures
 * module's seed step signs it), or null when nothing was added.
 */
export async function seedDemoExams(
  db: Db,
  planName: string,
  examinerIin: string,
  regionIin: string,
): Promise<{ heldExamId: number; examinerId: number; signedAt: Date } | null> {
  if (await db.selectFrom('exams').select('id').limit(1).executeTakeFirst()) return null;
  const plan = await db.selectFrom('plans').select('id').where('name', '=', planName).executeTakeFirst();
  const examiner = await db
    .selectFrom('users')
    .select('id')
    .where('iin', '=', examinerIin)
    .where('role_id', '=', Role.Examiner)
    .executeTakeFirst();
  const region = await db
    .selectFrom('users')
    .select('id')
    .where('iin', '=', regionIin)
    .where('role_id', '=', Role.Region)
    .executeTakeFirst();
  if (!plan || !examiner || !region) return null;
  await db.updateTable('users').set({ region_id: region.id }).where(isTrainee('users')).where('region_id', 'is', null).execute();

  const tests = await db
    .selectFrom('tests as t')
    .innerJoin('topics as tp', 'tp.id', 't.topic_id')
    .select('t.id')
    .where('tp.plan_id', '=', plan.id)
    .orderBy('tp.scheduled_at')
    .orderBy('t.id')
    .execute();
  // most of the plan's tests: the participants passed that many before the held exam, not the last one
  const passMarks = Math.max(0, tests.length - 1);
  const now = Date.now();
  const rows = await db
    .insertInto('exams')
    .values(
      DEMO_EXAMS.map((exam) => {
        const begin = beginOf(exam, now);
        return {
          name: exam.name,
          plan_id: plan.id,
          type_id: exam.typeId,
          pass_marks: passMarks,
          begin_time: begin,
          duration_minutes: exam.duration,
          ended_at: exam.ended ? new Date(begin.getTime() + 90 * MINUTE) : null,
        };
      }),
    )
    .returning(['id', 'begin_time', 'ended_at'])
    .execute();
  await db
    .insertInto('exam_examiners')
    .values(rows.map((row) => ({ exam_id: row.id, examiner_id: examiner.id, position: 0, chair: true })))
    .execute();
  await db
    .insertInto('exam_regions')
    .values(rows.map((row) => ({ exam_id: row.id, region_id: region.id })))
    .execute();

  const held = rows.find((row) => row.ended_at !== null);
  if (!held?.ended_at) return null;
  const heldBegin = new Date(held.begin_time);
  const participants = await db
    .selectFrom('users')
    .select('id')
    .where(liveTrainee('users'))
    .where('plan_id', '=', plan.id)
    .where('region_id', '=', region.id)
    .execute();
  if (participants.length > 0) {
    // a passed test a day, the last the day before the exam, each attempt ten minutes long
    const passed = tests.slice(0, passMarks);
    await db
      .insertInto('attempts')
      .values(
        participants.flatMap((p) =>
          passed.map((test, index) => {
            const started = new Date(heldBegin.getTime() - (passed.length - index) * DAY);
            const finished = new Date(started.getTime() + 10 * MINUTE);
            return {
              user_id: p.id,
              test_id: test.id,
              started_at: started,
              deadline_at: new Date(started.getTime() + 30 * MINUTE),
              finished_at: finished,
              question_count: 5,
              correct_count: 5,
              pass_marks: 60,
              passed: true,
            };
          }),
        ),
      )
      .execute();
    await db
      .insertInto('exam_votes')
      .values(participants.map((p) => ({ exam_id: held.id, examiner_id: examiner.id, user_id: p.id, accepted: true })))
      .execute();
  }
  return { heldExamId: held.id, examinerId: examiner.id, signedAt: new Date(new Date(held.ended_at).getTime() + SIGNED_AFTER_END) };
}

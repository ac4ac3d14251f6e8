import { ExamType, Role } from '@oqu/contracts';
import type { Db } from '../database.js';

const MINUTE = 60_000;

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
 * Demo exams of the demo plan with the demo examiner and region; every demo trainee belongs to the
 * demo region. The held exam has the examiner's vote on each of its participants (accepted). Runs
 * once: nothing is added when any exam exists, or without the demo plan, examiner and region.
 * Answers the held exam and its examiner (its report card is signed by the signatures module's
 * seed step), or null when nothing was added.
 */
export async function seedDemoExams(
  db: Db,
  planName: string,
  examinerIin: string,
  regionIin: string,
): Promise<{ heldExamId: number; examinerId: number } | null> {
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
  await db.updateTable('users').set({ region_id: region.id }).where('role_id', '=', Role.Trainee).where('region_id', 'is', null).execute();

  const tests = await db
    .selectFrom('tests as t')
    .innerJoin('topics as tp', 'tp.id', 't.topic_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tp.plan_id', '=', plan.id)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const rows = await db
    .insertInto('exams')
    .values(
      DEMO_EXAMS.map((exam) => {
        const begin = new Date(now + exam.beginsIn * MINUTE);
        return {
          name: exam.name,
          plan_id: plan.id,
          type_id: exam.typeId,
          // most of the plan's tests, so the demo trainee's standing shows both ways
          pass_marks: Math.max(0, Number(tests.count) - 1),
          begin_time: begin,
          duration_minutes: exam.duration,
          ended_at: exam.ended ? new Date(begin.getTime() + 90 * MINUTE) : null,
        };
      }),
    )
    .returning(['id', 'ended_at'])
    .execute();
  await db
    .insertInto('exam_examiners')
    .values(rows.map((row) => ({ exam_id: row.id, examiner_id: examiner.id, position: 0 })))
    .execute();
  await db
    .insertInto('exam_regions')
    .values(rows.map((row) => ({ exam_id: row.id, region_id: region.id })))
    .execute();

  const held = rows.find((row) => row.ended_at !== null);
  if (!held) return null;
  const participants = await db
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', Role.Trainee)
    .where('plan_id', '=', plan.id)
    .where('region_id', '=', region.id)
    .where('archived_at', 'is', null)
    .execute();
  if (participants.length > 0) {
    await db
      .insertInto('exam_votes')
      .values(participants.map((p) => ({ exam_id: held.id, examiner_id: examiner.id, user_id: p.id, accepted: true })))
      .execute();
  }
  return { heldExamId: held.id, examinerId: examiner.id };
}

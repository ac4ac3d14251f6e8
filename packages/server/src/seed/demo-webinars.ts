import { Role } from '@oqu/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const MINUTE = 60_000;

/** The demo webinars: one about to begin (already open), one in two days, one held two days ago. */
export const DEMO_WEBINARS = [
  {
    name: 'Правовые основы охраны труда: разбор изменений Трудового кодекса',
    description:
      'Онлайн-занятие по теме 1.1: права и обязанности работника и работодателя, виды инструктажей, ответственность за нарушения. ' +
      'В конце вебинара — короткий тест.',
    /** minutes from the seeding */
    beginsIn: 10,
    duration: 60,
    ended: false,
  },
  {
    name: 'Инструктажи на рабочем месте: вопросы и ответы',
    description: 'Разбор типичных ошибок при проведении инструктажей и оформлении журналов. Подготовьте свои вопросы заранее.',
    beginsIn: 2 * 24 * 60,
    duration: 90,
    ended: false,
  },
  {
    name: 'Вводное занятие по охране труда',
    description: 'Знакомство с программой обучения, порядок проверки знаний и получения удостоверения.',
    beginsIn: -2 * 24 * 60,
    duration: 60,
    ended: true,
  },
] as const;

/** The webinar test on the first topic, for the room's test modal and the trainee's redirect at the end. */
export const DEMO_WEBINAR_TEST = {
  name: 'Итоговый тест вебинара',
  description: 'Короткая проверка по итогам вебинара',
  durationMinutes: 10,
  passMarks: 60,
  questions: [
    {
      text: 'Кто проводит вводный инструктаж по охране труда?',
      variants: ['Инженер по охране труда или лицо, назначенное приказом работодателя', 'Любой работник цеха', 'Представитель профсоюза'],
      correct: 'A',
    },
    {
      text: 'Как часто проводится повторный инструктаж на рабочем месте для рабочих профессий?',
      variants: ['Раз в год', 'Не реже одного раза в шесть месяцев', 'Только при приёме на работу', 'Раз в пять лет'],
      correct: 'B',
    },
    {
      text: 'Где регистрируется проведение инструктажа?',
      variants: ['Нигде', 'В трудовом договоре', 'В журнале регистрации инструктажей с подписями инструктирующего и инструктируемого'],
      correct: 'C',
    },
  ],
} as const;

/**
 * Demo webinars on the demo plan's first topic, run by the demo teacher, so that the webinar screens
 * show each group (in progress, upcoming, past); the past one has the demo trainee's attendance on
 * record. Adds a webinar test to the topic when it has none. Runs once: nothing is added when any
 * webinar exists, or without the demo plan and teacher.
 */
export async function seedDemoWebinars(db: Db, planName: string, teacherIin: string, traineeIin: string): Promise<void> {
  if (await db.selectFrom('webinars').select('id').limit(1).executeTakeFirst()) return;
  const plan = await db.selectFrom('plans').select('id').where('name', '=', planName).executeTakeFirst();
  const teacher = await db
    .selectFrom('users')
    .select('id')
    .where('iin', '=', teacherIin)
    .where('role_id', '=', Role.Teacher)
    .executeTakeFirst();
  if (!plan || !teacher) return;
  const topic = await db
    .selectFrom('topics')
    .select('id')
    .where('plan_id', '=', plan.id)
    // the first of the catalogue's topics (1.1), as the seeding inserted them
    .orderBy('id')
    .executeTakeFirst();
  if (!topic) return;

  const now = Date.now();
  const rows = await db
    .insertInto('webinars')
    .values(
      DEMO_WEBINARS.map((w) => {
        const begin = new Date(now + w.beginsIn * MINUTE);
        const end = new Date(begin.getTime() + w.duration * MINUTE);
        return {
          name: w.name,
          description: w.description,
          plan_id: plan.id,
          topic_id: topic.id,
          teacher_id: teacher.id,
          begin_time: begin,
          duration_minutes: w.duration,
          started_at: w.ended ? begin : null,
          ended_at: w.ended ? end : null,
        };
      }),
    )
    .returning(['id', 'begin_time', 'ended_at'])
    .execute();

  const past = rows.find((r) => r.ended_at !== null);
  const trainee = await db.selectFrom('users').select('id').where('iin', '=', traineeIin).executeTakeFirst();
  if (past && trainee) {
    // joined two minutes in and stayed 48 minutes (raw SQL: the schema types these defaulted columns as not writable)
    const begin = new Date(past.begin_time).toISOString();
    await sql`insert into webinar_attendance (webinar_id, user_id, joined_at, last_joined_at)
      values (${past.id}::int, ${trainee.id}::int, ${begin}::timestamptz + interval '2 minutes', ${begin}::timestamptz + interval '2 minutes')`.execute(
      db,
    );
    await sql`insert into webinar_presence (webinar_id, user_id, opened_at, seen_at, closed_at)
      values (${past.id}::int, ${trainee.id}::int, ${begin}::timestamptz + interval '2 minutes',
        ${begin}::timestamptz + interval '50 minutes', ${begin}::timestamptz + interval '50 minutes')`.execute(db);
  }

  const hasTest = await db
    .selectFrom('tests')
    .select('id')
    .where('topic_id', '=', topic.id)
    .where('is_webinar', '=', true)
    .executeTakeFirst();
  if (hasTest) return;
  const test = await db
    .insertInto('tests')
    .values({
      plan_id: plan.id,
      topic_id: topic.id,
      name: DEMO_WEBINAR_TEST.name,
      description: DEMO_WEBINAR_TEST.description,
      duration_minutes: DEMO_WEBINAR_TEST.durationMinutes,
      pass_marks: DEMO_WEBINAR_TEST.passMarks,
      is_webinar: true,
      position: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('questions')
    .values(
      DEMO_WEBINAR_TEST.questions.map((q, position) => ({
        test_id: test.id,
        text: q.text,
        position,
        variant_a: q.variants[0],
        variant_b: q.variants[1],
        variant_c: q.variants[2] ?? '',
        variant_d: q.variants[3] ?? '',
        correct_answer: q.correct,
      })),
    )
    .execute();
}

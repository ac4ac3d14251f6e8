// A live webinar and its audience, written straight into the database: nobody signs in.
import { createHash, randomBytes } from 'node:crypto';

// the demo trainee's hash serves every bench trainee; the demo teacher teaches the webinar
const DEMO_TRAINEE_IIN = '950701400004';
const DEMO_TEACHER_IIN = '781203300007';

export const hashToken = (token) => createHash('sha256').update(token).digest('hex');

/**
 * A plan with one topic, `count` trainees following it, a webinar of that plan in progress taught by
 * the demo teacher, and a session for each of them.
 */
export async function seedLiveWebinar(db, count) {
  const {
    rows: [demo],
  } = await db.query('select password_hash from users where iin = $1', [DEMO_TRAINEE_IIN]);
  const {
    rows: [teacher],
  } = await db.query('select id from users where iin = $1', [DEMO_TEACHER_IIN]);
  const {
    rows: [kinds],
  } = await db.query('select type_id, edu_type_id from topics order by id limit 1');
  const {
    rows: [plan],
  } = await db.query(`insert into plans (name) values ('Нагрузочный план вебинара') returning id`);
  const {
    rows: [topic],
  } = await db.query(
    `insert into topics (plan_id, name, position, type_id, edu_type_id, total_hours) values ($1, 'Нагрузочная тема', 1, $2, $3, 2) returning id`,
    [plan.id, kinds.type_id, kinds.edu_type_id],
  );
  const { rows: trainees } = await db.query(
    `insert into users (role_id, last_name, first_name, full_name, iin, tabel, duty, department, password_hash, plan_id)
     select 3, 'Зритель', 'Слушатель' || g, 'Зритель Слушатель' || g, '01' || lpad(g::text, 10, '0'), 'V' || g,
            'Оператор', 'Цех нагрузки', $1, $2
     from generate_series(1, $3::int) g order by g returning id`,
    [demo.password_hash, plan.id, count],
  );
  const {
    rows: [webinar],
  } = await db.query(
    `insert into webinars (name, plan_id, topic_id, teacher_id, begin_time, duration_minutes)
     values ('Нагрузочный вебинар', $1, $2, $3, now() - interval '5 minutes', 120) returning id`,
    [plan.id, topic.id, teacher.id],
  );
  const tokens = trainees.map(() => randomBytes(32).toString('base64url'));
  const teacherToken = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select u, h, now() + interval '6 hours' from unnest($1::int[], $2::text[]) as s(u, h)`,
    [
      [...trainees.map((t) => t.id), teacher.id],
      [...tokens.map(hashToken), hashToken(teacherToken)],
    ],
  );
  return { webinarId: webinar.id, viewerIds: trainees.map((t) => t.id), viewerTokens: tokens, teacherToken };
}

// An exam burst: N trainees (BENCH_TRAINEES, default 1,000) each start the same 20-question test
// and answer every question, over BENCH_CONNECTIONS (64) connections, on a fresh PostgreSQL
// database. In the same run, the same requests go to a bare route that is signed in and upserts one
// row, nothing else (BENCH_ROUTES=true). Prints answers/s, latency percentiles and errors of both,
// the ratio, then checks that every acknowledged answer is in the database. The two routes take
// turns in rounds (BENCH_ROUNDS) so the machine's other load weighs on both alike.
import pg from 'pg';
import { combine, row, run, signInAll, timed } from '../load.mjs';
import { startServer } from '../server.mjs';

const TRAINEES = Number(process.env.BENCH_TRAINEES ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const QUESTIONS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
// bare requests before the measured phases, so neither pays for a cold process
const WARM_UP = Number(process.env.BENCH_WARMUP_REQUESTS ?? 5000);
const LETTERS = ['A', 'B', 'C', 'D'];
// the demo trainee's password and hash: one argon2 hash serves every bench trainee
const DEMO_TRAINEE_IIN = '950701400004';
const PASSWORD = 'Learn2026!';

if (TRAINEES < 2 * CONNECTIONS) {
  // answers go out question by question across trainees, so one trainee never has two in flight
  console.error(`BENCH_TRAINEES must be at least twice BENCH_CONNECTIONS (${2 * CONNECTIONS})`);
  process.exit(2);
}

const server = await startServer({ env: { BENCH_ROUTES: 'true' } });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
let failed = false;
try {
  console.log(`\nexam-burst: ${TRAINEES} trainees × ${QUESTIONS} questions, ${CONNECTIONS} connections, PostgreSQL`);

  // 1. Seed: a plan with one 20-question test, and the trainees following it (straight into the database).
  const { testId, questionIds } = await timed('seed', async () => {
    const {
      rows: [demo],
    } = await db.query('select password_hash from users where iin = $1', [DEMO_TRAINEE_IIN]);
    const {
      rows: [kinds],
    } = await db.query('select type_id, edu_type_id from topics order by id limit 1');
    const {
      rows: [plan],
    } = await db.query(`insert into plans (name) values ('Нагрузочный план') returning id`);
    const {
      rows: [topic],
    } = await db.query(
      `insert into topics (plan_id, name, position, type_id, edu_type_id, total_hours) values ($1, 'Нагрузочная тема', 1, $2, $3, 2) returning id`,
      [plan.id, kinds.type_id, kinds.edu_type_id],
    );
    const {
      rows: [test],
    } = await db.query(
      `insert into tests (plan_id, topic_id, name, duration_minutes, pass_marks, position) values ($1, $2, 'Нагрузочный тест', 180, 50, 1) returning id`,
      [plan.id, topic.id],
    );
    const { rows: questions } = await db.query(
      `insert into questions (test_id, text, position, variant_a, variant_b, variant_c, variant_d, correct_answer)
       select $1, 'Вопрос ' || g, g, 'Вариант А', 'Вариант Б', 'Вариант В', 'Вариант Г', (array['A','B','C','D'])[1 + g % 4]
       from generate_series(1, ${QUESTIONS}) g order by g returning id`,
      [test.id],
    );
    await db.query(
      `insert into users (role_id, last_name, first_name, full_name, iin, tabel, duty, department, password_hash, plan_id)
       select 3, 'Нагрузкин', 'Слушатель' || g, 'Нагрузкин Слушатель' || g, '00' || lpad(g::text, 10, '0'), 'B' || g,
              'Оператор', 'Цех нагрузки', $1, $2
       from generate_series(1, $3::int) g`,
      [demo.password_hash, plan.id, TRAINEES],
    );
    return { testId: test.id, questionIds: questions.map((q) => q.id) };
  });
  const iins = Array.from({ length: TRAINEES }, (_, i) => `00${String(i + 1).padStart(10, '0')}`);

  // 2. Sign-ins (over HTTP, 4 connections: argon2 takes the server's cores), then the starts, everyone
  //    pressing «Начать» at once, measured against the bare route in the same run (its own rows).
  const signInStarted = performance.now();
  const auth = await signInAll(server.base, iins, PASSWORD);
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  console.log(`  sign-ins: ${Math.round(TRAINEES / signInSeconds)}/s, ${((signInSeconds * 1000) / TRAINEES).toFixed(1)} ms each`);

  const bareOnce = (offset) =>
    auth.map((headers, t) => ({
      path: '/api/bench/answer',
      headers,
      body: JSON.stringify({ QuestionID: offset + t, TestID: testId, UserAnswer: 'A' }),
    }));
  const warmUp = Array.from({ length: Math.ceil(WARM_UP / TRAINEES) }, (_, w) => bareOnce(1_000_000 + w * TRAINEES)).flat();
  await timed('warm-up', () => run(server.base, warmUp, { connections: CONNECTIONS }));
  const bareStarts = await run(server.base, bareOnce(2_000_000), { connections: CONNECTIONS });
  const starts = await run(
    server.base,
    auth.map((headers) => ({ path: '/api/test/starttest', headers, body: { TestID: testId } })),
    { connections: CONNECTIONS, keepBodies: true },
  );
  console.log('');
  console.log(row('POST /api/bench/answer (bare)', bareStarts));
  console.log(row('POST /api/test/starttest', starts, 'starts/s'));
  console.log(`ratio starts / bare: ${(starts.rps / bareStarts.rps).toFixed(2)}`);
  if (starts.errors) throw new Error(`${starts.errors} starts failed: ${JSON.stringify(starts.statuses)}`);
  const attemptIds = starts.bodies.map((b) => b.data.ID);
  // every attempt has its own order of the 20 questions (two equal ones by chance: about 1 in 10^12)
  const {
    rows: [orders],
  } = await db.query(
    `select count(*)::int as attempts, count(distinct question_order)::int as orders,
            count(*) filter (where (select array_agg(x order by x) from unnest(question_order) x) = $2::int[])::int as complete
     from attempts where test_id = $1`,
    [testId, [...questionIds].sort((a, b) => a - b)],
  );
  console.log(`orders: ${orders.orders} distinct of ${orders.attempts} attempts, ${orders.complete} holding every question once`);
  const startsFailed = orders.attempts !== TRAINEES || orders.orders !== TRAINEES || orders.complete !== TRAINEES;

  // 3. The answers: question by question across the trainees, so each trainee answers in order and
  //    never has two answers in flight; letters are random.
  const plan = [];
  for (let q = 0; q < QUESTIONS; q++)
    for (let t = 0; t < TRAINEES; t++) plan.push({ t, q, letter: LETTERS[Math.floor(Math.random() * LETTERS.length)] });
  const requestsTo = (path, questionOffset = 0) =>
    plan.map(({ t, q, letter }) => ({
      path,
      headers: auth[t],
      body: JSON.stringify({ QuestionID: questionIds[q] + questionOffset, TestID: testId, UserAnswer: letter }),
    }));

  // the two routes take turns, a few questions at a time and each going first in turn, so that a
  // checkpoint or a neighbour's load on the machine weighs on both alike
  const bareRequests = requestsTo('/api/bench/answer');
  const answerRequests = requestsTo('/api/answer/new');
  const bareRuns = [];
  const answerRuns = [];
  const chunk = Math.ceil(QUESTIONS / ROUNDS) * TRAINEES;
  for (let round = 0, from = 0; from < plan.length; round++, from += chunk) {
    const turn = [
      async () => bareRuns.push(await run(server.base, bareRequests.slice(from, from + chunk), { connections: CONNECTIONS })),
      async () => answerRuns.push(await run(server.base, answerRequests.slice(from, from + chunk), { connections: CONNECTIONS })),
    ];
    if (round % 2) turn.reverse();
    for (const step of turn) await step();
  }
  const bare = combine(bareRuns);
  const answers = combine(answerRuns);

  console.log('');
  console.log(row('POST /api/bench/answer (bare)', bare));
  console.log(row('POST /api/answer/new', answers, 'ans/s'));
  console.log(
    `ratio answers / bare: ${(answers.rps / bare.rps).toFixed(2)}; p99 answers / bare: ${(answers.latency.p99 / bare.latency.p99).toFixed(2)}`,
  );
  // the last round holds every attempt's last answer, which scores it: where the tail would show
  const p99s = (runs) => runs.map((r) => r.latency.p99.toFixed(1)).join(' / ');
  console.log(`p99 by round (ms): bare ${p99s(bareRuns)}; answers ${p99s(answerRuns)}`);
  if (bare.errors || answers.errors)
    console.log(`statuses: bare ${JSON.stringify(bare.statuses)}, answers ${JSON.stringify(answers.statuses)}`);

  // 4. Every acknowledged answer is stored, as sent.
  const { rows: stored } = await db.query(
    `select a.attempt_id, a.question_id, a.answer from attempt_answers a join attempts t on t.id = a.attempt_id where t.test_id = $1`,
    [testId],
  );
  const storedBy = new Map(stored.map((r) => [`${r.attempt_id}:${r.question_id}`, r.answer.trim()]));
  let ackedCount = 0;
  let lost = 0;
  let wrong = 0;
  plan.forEach(({ t, q, letter }, i) => {
    if (!answers.acked[i]) return;
    ackedCount++;
    const got = storedBy.get(`${attemptIds[t]}:${questionIds[q]}`);
    if (got === undefined) lost++;
    else if (got !== letter) wrong++;
  });
  const {
    rows: [finished],
  } = await db.query(
    'select count(*) filter (where finished_at is not null)::int as finished, count(*)::int as attempts from attempts where test_id = $1',
    [testId],
  );
  const lastAcked = plan.filter((p, i) => p.q === QUESTIONS - 1 && answers.acked[i]).length;
  const {
    rows: [bareRows],
  } = await db.query('select count(*)::int as n from bench_answers where question_id < 1000000');
  console.log(
    `check: ${ackedCount} answers acknowledged, ${stored.length} stored, ${lost} lost, ${wrong} stored differently; ` +
      `attempts finished ${finished.finished}/${finished.attempts} (${lastAcked} last answers acknowledged); bare rows ${bareRows.n}/${bare.acked.filter(Boolean).length}`,
  );
  failed = startsFailed || lost > 0 || wrong > 0 || stored.length !== ackedCount || finished.finished < lastAcked;
  if (failed) console.log('CHECK FAILED');
} finally {
  await db.end();
  await server.stop();
}
process.exit(failed ? 1 : 0);

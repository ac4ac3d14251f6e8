// Results at scale: BENCH_TRAINEES (5,000) trainees in BENCH_DEPARTMENTS (40) departments on
// BENCH_PLANS (3) plans, BENCH_ATTEMPTS (100,000) finished attempts, issued certificates and a
// completed exam, all inserted with set-based SQL. Measures against the built server:
// 1. GET /api/attendance/statistic: latency sequentially, then over a few connections, each with one
//    filter (the figures reused while no result comes) and with a new filter every request (worked out);
// 2. the admin xlsx report (GET /api/report/admin, then the file): total time and the server's RSS
//    before, at its peak (sampled, and the kernel's high-water mark) and after;
// 3. the answer route (POST /api/answer/new, as exam-burst sends it) and the bare route
//    (POST /api/bench/answer, BENCH_ROUTES=true): p99 without a report, then with admin reports
//    being made one after another the whole time.

import os from 'node:os';
import pg from 'pg';
import { combine, row, run, signInAll, timed } from '../load.mjs';
import { startServer } from '../server.mjs';
import { load } from '../viewers/figures.mjs';
import { childPid, peakRssKb, resetPeakRss, rssKb } from '../viewers/proc.mjs';

const TRAINEES = Number(process.env.BENCH_TRAINEES ?? 5000);
// the pause before and after the report's memory is read (the smoke run needs none)
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 2000);
const DEPARTMENTS = Number(process.env.BENCH_DEPARTMENTS ?? 40);
const PLANS = Number(process.env.BENCH_PLANS ?? 3);
const TESTS_PER_PLAN = 10;
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100_000);
const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 1500);
const STAT_REQUESTS = Number(process.env.BENCH_STAT_REQUESTS ?? 60);
const STAT_CONNECTIONS = Number(process.env.BENCH_STAT_CONNECTIONS ?? 4);
const ANSWERERS = Number(process.env.BENCH_ANSWERERS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const QUESTIONS = 20;
const LETTERS = ['A', 'B', 'C', 'D'];
// the demo accounts: the admin asks for the figures; one argon2 hash (the demo trainee's) serves every bench trainee
const ADMIN = { iin: '850101300005', password: 'Admin2026!' };
const DEMO_TRAINEE_IIN = '950701400004';
const TRAINEE_PASSWORD = 'Learn2026!';

if (ANSWERERS > Math.ceil(TRAINEES / PLANS) || ANSWERERS < 2 * CONNECTIONS) {
  console.error(`BENCH_ANSWERERS must be between ${2 * CONNECTIONS} and the trainees of one plan (${Math.ceil(TRAINEES / PLANS)})`);
  process.exit(2);
}

const mb = (kb) => kb / 1024;
const server = await startServer({ env: { BENCH_ROUTES: 'true' } });
const serverPid = childPid('packages/server/dist/main.js');
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
let failed = false;
try {
  console.log(
    `\nreports: ${TRAINEES} trainees in ${DEPARTMENTS} departments on ${PLANS} plans, ${ATTEMPTS} finished attempts, ${CERTIFICATES} certificates, PostgreSQL`,
  );
  console.log(`  load average at the start: ${load()} (${os.cpus().length} cores)`);

  // 1. Seed, straight into the database, set by set. Pseudo-random figures come from the ids, so
  //    every run has the same data.
  const { answerTestId, questionIds, answererIins } = await timed('seed', async () => {
    const {
      rows: [demo],
    } = await db.query('select password_hash from users where iin = $1', [DEMO_TRAINEE_IIN]);
    const {
      rows: [kinds],
    } = await db.query('select type_id, edu_type_id from topics order by id limit 1');
    const { rows: plans } = await db.query(
      `insert into plans (name) select 'Отчётный план ' || g from generate_series(1, $1::int) g order by g returning id, name`,
      [PLANS],
    );
    const planIds = plans.map((p) => p.id);
    await db.query(
      `insert into topics (plan_id, name, position, type_id, edu_type_id, total_hours)
       select p, 'Тема ' || g, g, $2, $3, 4 from unnest($1::int[]) p, generate_series(1, ${TESTS_PER_PLAN}) g`,
      [planIds, kinds.type_id, kinds.edu_type_id],
    );
    await db.query(
      `insert into tests (plan_id, topic_id, name, duration_minutes, pass_marks, position)
       select plan_id, id, 'Тест: ' || name, 60, 14, 0 from topics where plan_id = any($1::int[])`,
      [planIds],
    );
    await db.query(
      `insert into users (role_id, last_name, first_name, full_name, iin, tabel, duty, department, password_hash, plan_id)
       select 3, 'Отчётов', 'Слушатель' || g, 'Отчётов Слушатель' || g, '77' || lpad(g::text, 10, '0'), 'R' || g,
              'Оператор', 'Цех № ' || (1 + g % $2::int), $3, ($4::int[])[1 + g % $5::int]
       from generate_series(1, $1::int) g`,
      [TRAINEES, DEPARTMENTS, demo.password_hash, planIds, PLANS],
    );
    // every trainee's attempts at the tests of their plan, round after round, over the last year;
    // 8–20 of 20 correct, passed from 14
    const rounds = Math.ceil(ATTEMPTS / (TRAINEES * TESTS_PER_PLAN));
    await db.query(
      `insert into attempts (user_id, test_id, started_at, deadline_at, finished_at, question_count, correct_count, pass_marks, passed)
       select user_id, test_id, started, started + interval '1 hour', started + interval '20 minutes', 20, correct, 14, correct >= 14
       from (
         select u.id as user_id, t.id as test_id,
                now() - ((u.id * 13 + t.id * 7 + k * 101) % 365) * interval '1 day' - k * interval '1 hour' as started,
                8 + (u.id * 7919 + t.id * 104729 + k * 31) % 13 as correct
         from users u join tests t on t.plan_id = u.plan_id cross join generate_series(1, $2::int) k
         where u.plan_id = any($1::int[])
         order by k, u.id, t.id
         limit $3::int
       ) a`,
      [planIds, rounds, ATTEMPTS],
    );
    // a completed exam of the first plan, its examiner's votes, and the certificates it issued
    const {
      rows: [exam],
    } = await db.query(
      `insert into exams (name, plan_id, type_id, pass_marks, begin_time, duration_minutes, ended_at)
       values ('Отчётный экзамен', $1, 14, 8, now() - interval '10 days', 120, now() - interval '10 days' + interval '90 minutes') returning id`,
      [planIds[0]],
    );
    await db.query(`insert into exam_examiners (exam_id, examiner_id, position) select $1, id, 0 from users where role_id = 2 limit 1`, [
      exam.id,
    ]);
    // its frozen record, as completion writes it: the plan's trainees then, their verdicts (the statistics read these)
    await db.query(
      `insert into exam_records (exam_id, completed_at, pass_marks, test_count)
       select id, ended_at, pass_marks, ${TESTS_PER_PLAN} from exams where id = $1`,
      [exam.id],
    );
    await db.query(
      `insert into exam_participants (exam_id, user_id, full_name, department, duty, iin, tabel, passed, total, verdict)
       select $1, u.id, u.full_name, u.department, u.duty, u.iin, u.tabel, 0, ${TESTS_PER_PLAN},
              case when row_number() over (order by u.id) <= $3::int then 'accepted' end
       from users u where u.plan_id = $2 and u.role_id = 3`,
      [exam.id, planIds[0], CERTIFICATES],
    );
    await db.query(
      `insert into exam_votes (exam_id, examiner_id, user_id, accepted)
       select $1, (select examiner_id from exam_examiners where exam_id = $1), id, true
       from users where plan_id = $2 order by id limit $3::int`,
      [exam.id, planIds[0], CERTIFICATES],
    );
    await db.query(
      `insert into issued_certificates (number, code, user_id, exam_id, plan_id, holder_name, holder_iin, plan_name, exam_type, issued_on, pdf_key)
       select 'BENCH-2026-' || lpad(row_number() over (order by u.id)::text, 6, '0'), md5(u.id::text || 'bench'), u.id, $1, $2,
              u.full_name, u.iin, $3, 'Периодическая проверка знаний', (now() - interval '10 days')::date, 'bench/none.pdf'
       from users u where u.plan_id = $2 order by u.id limit $4::int`,
      [exam.id, planIds[0], plans[0].name, CERTIFICATES],
    );

    // the test the answerers take: one more topic of the first plan, 20 questions
    const {
      rows: [topic],
    } = await db.query(
      `insert into topics (plan_id, name, position, type_id, edu_type_id, total_hours) values ($1, 'Тема под нагрузкой', ${TESTS_PER_PLAN + 1}, $2, $3, 2) returning id`,
      [planIds[0], kinds.type_id, kinds.edu_type_id],
    );
    const {
      rows: [test],
    } = await db.query(
      `insert into tests (plan_id, topic_id, name, duration_minutes, pass_marks, position) values ($1, $2, 'Тест под нагрузкой', 180, 50, 1) returning id`,
      [planIds[0], topic.id],
    );
    const { rows: questions } = await db.query(
      `insert into questions (test_id, text, position, variant_a, variant_b, variant_c, variant_d, correct_answer)
       select $1, 'Вопрос ' || g, g, 'Вариант А', 'Вариант Б', 'Вариант В', 'Вариант Г', (array['A','B','C','D'])[1 + g % 4]
       from generate_series(1, ${QUESTIONS}) g order by g returning id`,
      [test.id],
    );
    const { rows: answerers } = await db.query('select iin from users where plan_id = $1 order by id limit $2::int', [
      planIds[0],
      ANSWERERS,
    ]);
    await db.query('analyze');
    const {
      rows: [counts],
    } = await db.query(
      `select (select count(*)::int from users where role_id = 3 and iin like '77%') as trainees,
              (select count(*)::int from attempts) as attempts, (select count(*)::int from issued_certificates) as certificates`,
    );
    console.log(`  in the database: ${counts.trainees} trainees, ${counts.attempts} attempts, ${counts.certificates} certificates`);
    return { answerTestId: test.id, questionIds: questions.map((q) => q.id), answererIins: answerers.map((a) => a.iin) };
  });

  const login = await fetch(`${server.base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const admin = { authorization: `Bearer ${(await login.json()).user.Token}` };

  // 2. The statistics: one request at a time, then over a few connections; the same filter every time
  //    (the server reuses its figures while no result comes), then a new one every time (a `to` day far
  //    ahead changes no figure but is another filter, so every request works them out)
  const statistic = Array.from({ length: STAT_REQUESTS }, () => ({ method: 'GET', path: '/api/attendance/statistic', headers: admin }));
  let filters = 0;
  const newFilters = () =>
    statistic.map((request) => {
      filters += 1;
      return { ...request, path: `${request.path}?to=${new Date(Date.UTC(2200, 0, filters)).toISOString().slice(0, 10)}` };
    });
  await run(server.base, statistic.slice(0, 3), { connections: 1 }); // warm-up
  const statSequential = await run(server.base, statistic, { connections: 1 });
  const statConcurrent = await run(server.base, statistic, { connections: STAT_CONNECTIONS });
  const coldSequential = await run(server.base, newFilters(), { connections: 1 });
  const coldConcurrent = await run(server.base, newFilters(), { connections: STAT_CONNECTIONS });

  // 3. The admin report, with the server's memory sampled every 20 ms.
  // each report a distinct request (a `to` day far ahead changes no figure): an identical one within a
  // minute would get the file just made rather than a new one
  let reportsMade = 0;
  const makeReport = async () => {
    const started = performance.now();
    reportsMade += 1;
    const to = new Date(Date.UTC(2100, 0, reportsMade)).toISOString().slice(0, 10);
    const response = await fetch(`${server.base}/api/report/admin?to=${to}`, { headers: admin });
    if (!response.ok) throw new Error(`the report answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    // the address may be absolute (PUBLIC_URL) or a path; the file is fetched from this server either way
    const address = new URL((await response.json()).data, server.base);
    const file = await fetch(`${server.base}${address.pathname}`);
    if (!file.ok) throw new Error(`the report file answered ${file.status}`);
    const bytes = (await file.arrayBuffer()).byteLength;
    return { seconds: (performance.now() - started) / 1000, bytes };
  };
  await makeReport(); // warm-up: the first report also loads the xlsx code
  const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await settle();
  const rssBefore = rssKb(serverPid);
  resetPeakRss(serverPid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssKb(serverPid));
  }, 20);
  const report = await makeReport();
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, peakRssKb(serverPid));
  await settle();
  const rssAfter = rssKb(serverPid);

  // 4. The answer route with and without reports being made, and the bare route beside it.
  const auth = await signInAll(server.base, answererIins, TRAINEE_PASSWORD);
  const starts = await run(
    server.base,
    auth.map((headers) => ({ path: '/api/test/starttest', headers, body: { TestID: answerTestId } })),
    { connections: CONNECTIONS },
  );
  if (starts.errors) throw new Error(`${starts.errors} starts failed: ${JSON.stringify(starts.statuses)}`);
  // question by question across the answerers, so that nobody has two answers in flight
  const answersTo = (path, questions, offset = 0) =>
    questions.flatMap((q) =>
      auth.map((headers) => ({
        path,
        headers,
        body: JSON.stringify({ QuestionID: questionIds[q] + offset, TestID: answerTestId, UserAnswer: LETTERS[(q * 7 + q) % 4] }),
      })),
    );
  const half = QUESTIONS / 2;
  const first = [...Array(half).keys()];
  const second = first.map((q) => q + half);
  await run(server.base, answersTo('/api/bench/answer', first, 1_000_000).slice(0, 3000), { connections: CONNECTIONS }); // warm-up
  const quietBare = await run(server.base, answersTo('/api/bench/answer', first), { connections: CONNECTIONS });
  const quietAnswers = await run(server.base, answersTo('/api/answer/new', first), { connections: CONNECTIONS });
  // reports one after another while the same load runs again
  let reporting = true;
  const reportTimes = [];
  const reports = (async () => {
    while (reporting) reportTimes.push((await makeReport()).seconds);
  })();
  const busyBare = await run(server.base, answersTo('/api/bench/answer', second), { connections: CONNECTIONS });
  const busyAnswers = await run(server.base, answersTo('/api/answer/new', second), { connections: CONNECTIONS });
  reporting = false;
  await reports;

  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log('');
  console.log(row('statistic, 1 connection', statSequential));
  console.log(row(`statistic, ${STAT_CONNECTIONS} connections`, statConcurrent));
  console.log(row('new filters, 1 connection', coldSequential));
  console.log(row(`new filters, ${STAT_CONNECTIONS} connections`, coldConcurrent));
  console.log(
    `admin report: ${report.seconds.toFixed(2)} s (${(report.bytes / 1024).toFixed(0)} KB); server RSS ${mb(rssBefore).toFixed(0)} → peak ${mb(rssPeak).toFixed(0)} → after ${mb(rssAfter).toFixed(0)} MB (growth ${mb(rssPeak - rssBefore).toFixed(0)} MB)`,
  );
  console.log(row('bare, no report', quietBare));
  console.log(row('answers, no report', quietAnswers, 'ans/s'));
  console.log(row('bare, reports running', busyBare));
  console.log(row('answers, reports running', busyAnswers, 'ans/s'));
  console.log(
    `reports made meanwhile: ${reportTimes.length} (${reportTimes.map((s) => s.toFixed(1)).join(', ')} s); ` +
      `answer p99 ${ms(quietAnswers.latency.p99)} → ${ms(busyAnswers.latency.p99)} (×${(busyAnswers.latency.p99 / quietAnswers.latency.p99).toFixed(2)}), ` +
      `bare p99 ${ms(quietBare.latency.p99)} → ${ms(busyBare.latency.p99)} (×${(busyBare.latency.p99 / quietBare.latency.p99).toFixed(2)})`,
  );
  const all = combine([statSequential, statConcurrent, coldSequential, coldConcurrent, quietBare, quietAnswers, busyBare, busyAnswers]);
  failed = all.errors > 0;
  if (failed) console.log(`ERRORS: ${JSON.stringify(all.statuses)}`);
} finally {
  await db.end();
  await server.stop();
}
process.exit(failed ? 1 : 0);

// Webinar viewers: N trainees (BENCH_VIEWERS, default 5,000) hold a live webinar's event stream
// (GET /api/web/events/{id}) open on one server process on PostgreSQL, while the teacher posts one
// chat message a second for BENCH_SECONDS (30). Prints the delivery latency of each message to the
// last viewer (p50/p99), the server's memory, its request rate and CPU while the room is idle; then
// the same viewers polling as the original client does (GET /api/web/getweb/{id} and
// GET /api/chat/get every 5 s each, staggered), with its request rate, latency and CPU.
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { startServer } from '../server.mjs';
import { load, mb, ms, pct, sleep } from '../viewers/figures.mjs';
import { childPid, cpuMeter, openFilesLimit, rssKb } from '../viewers/proc.mjs';
import { seedLiveWebinar } from '../viewers/seed.mjs';
import { askAll, slices, startWorkers } from '../viewers/workers.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 25);
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_VIEWER_WORKERS ?? 2);
const POLL_EVERY_MS = 5000;
// BENCH_SMOKE=1 (bench/smoke.mjs): a handful of viewers, so a second is plenty for what is in flight
const settle = (ms) => sleep(process.env.BENCH_SMOKE === '1' ? 1000 : ms);

// the server holds a socket per viewer, and so do the viewer processes (split between them)
const needed = VIEWERS + 500;
if (openFilesLimit() < needed) {
  console.error(`webinar-viewers: ${VIEWERS} viewers need at least ${needed} open files; this shell allows ${openFilesLimit()}.`);
  console.error(`Raise the limit first, e.g. \`ulimit -n ${Math.max(needed, 20000)}\`, then run again.`);
  process.exit(2);
}

const now = () => performance.timeOrigin + performance.now();

// the teacher posts one message a second, more than a person may in the chat
const server = await startServer({ env: { LOG_LEVEL: 'error', CHAT_MESSAGES_PER_MINUTE: '1000' } });
const port = Number(new URL(server.base).port);
const pid = childPid('packages/server/dist/main.js');
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
const workers = startWorkers(new URL('../viewers/worker.mjs', import.meta.url), WORKERS);
let failed = false;
try {
  console.log(`\nwebinar-viewers: ${VIEWERS} viewers, ${SECONDS} messages at 1/s, PostgreSQL, ${WORKERS} viewer processes`);
  console.log(`  load average before: ${load()} (${os.cpus().length} cores)`);

  // 1. Seed: a plan, its topic, the trainees, a webinar in progress, and a session for each person.
  const { webinarId, viewerTokens, teacherToken } = await seedLiveWebinar(db, VIEWERS);

  const rssBefore = rssKb(pid);

  // 2. Every viewer opens the room's event stream.
  const connected = await askAll(workers, { cmd: 'connect', port, webinarId, concurrency: 100 }, (i) => ({
    tokens: slices(viewerTokens, WORKERS)[i],
  }));
  const ok = connected.reduce((n, c) => n + c.ok, 0);
  const refused = connected.reduce((n, c) => n + c.failed, 0);
  console.log(`  ${ok} streams open (${refused} refused) in ${(Math.max(...connected.map((c) => c.ms)) / 1000).toFixed(1)} s`);
  if (ok < VIEWERS) failed = true;
  await settle(3000); // the last `online` counts go out
  const rssViewers = rssKb(pid);

  // 3. Idle: nothing happens in the room; whatever reaches the server now is the cost of waiting.
  const countersBefore = await askAll(workers, { cmd: 'counters' });
  const idleCpu = cpuMeter(pid);
  const idleStarted = performance.now();
  await sleep(IDLE_SECONDS * 1000);
  const idleSeconds = (performance.now() - idleStarted) / 1000;
  const idleCpuShare = idleCpu();
  const countersAfter = await askAll(workers, { cmd: 'counters' });
  const idleRequests = countersAfter.reduce((n, c) => n + c.requests, 0) - countersBefore.reduce((n, c) => n + c.requests, 0);
  const openAfterIdle = countersAfter.reduce((n, c) => n + c.open, 0);

  // 4. The teacher writes once a second; each message is timed to the last viewer that got it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (body) =>
    new Promise((resolve) => {
      const payload = Buffer.from(JSON.stringify(body));
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/chat/message',
          headers: { authorization: `Bearer ${teacherToken}`, 'content-type': 'application/json', 'content-length': payload.length },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        },
      );
      request.on('error', () => resolve(0));
      request.end(payload);
    });
  const sentAt = new Map();
  const postLatencies = [];
  let postErrors = 0;
  const messagesCpu = cpuMeter(pid);
  const firstAt = performance.now();
  for (let seq = 1; seq <= SECONDS; seq++) {
    await sleep(Math.max(0, firstAt + (seq - 1) * 1000 - performance.now()));
    const at = now();
    sentAt.set(seq, at);
    const status = await post({
      WebID: webinarId,
      Message: `bench#${seq}# Коллеги, проверьте, пожалуйста, что видите слайд с порядком допуска к работам на высоте.`,
    });
    postLatencies.push(now() - at);
    if (status !== 200) postErrors++;
  }
  await settle(3000);
  const messagesCpuShare = messagesCpu();
  const rssMessages = rssKb(pid);
  const receipts = new Map();
  for (const list of await askAll(workers, { cmd: 'receipts' })) {
    for (const [seq, last, count] of list) {
      const r = receipts.get(seq) ?? { last: 0, count: 0 };
      r.last = Math.max(r.last, last);
      r.count += count;
      receipts.set(seq, r);
    }
  }
  const lastViewer = [];
  let incomplete = 0;
  for (const [seq, at] of sentAt) {
    const r = receipts.get(seq);
    if (!r || r.count < ok) incomplete++;
    if (r) lastViewer.push(r.last - at);
  }
  agent.destroy();

  // 5. Everyone leaves; every presence record must be closed.
  await askAll(workers, { cmd: 'close' });
  await settle(2000);
  const {
    rows: [presence],
  } = await db.query(
    'select count(*)::int as rows, count(*) filter (where closed_at is null)::int as open from webinar_presence where webinar_id = $1',
    [webinarId],
  );

  // 6. The same viewers polling as the original client does.
  const pollCpu = cpuMeter(pid);
  const polled = await askAll(workers, { cmd: 'poll', port, webinarId, seconds: POLL_SECONDS, every: POLL_EVERY_MS }, (i) => ({
    tokens: slices(viewerTokens, WORKERS)[i],
  }));
  const pollCpuShare = pollCpu();
  const rssPolling = rssKb(pid);
  // requests the pollers gave up on are still being served: let the server finish before it stops
  for (let i = 0; i < 60; i++) {
    const quiet = cpuMeter(pid);
    await sleep(500);
    if (quiet() < 5) break;
  }
  const pollLatencies = polled.flatMap((p) => p.latencies);
  const pollErrors = polled.reduce((n, p) => n + p.errors, 0);
  const pollLate = polled.reduce((n, p) => n + p.late, 0);
  const pollStatuses = {};
  for (const p of polled) for (const [k, v] of Object.entries(p.statuses)) pollStatuses[k] = (pollStatuses[k] ?? 0) + v;

  console.log('');
  console.log(`event streams (${ok} viewers)`);
  console.log(
    `  delivery to the last viewer: p50 ${ms(pct(lastViewer, 50))}  p99 ${ms(pct(lastViewer, 99))}  max ${ms(pct(lastViewer, 100))}` +
      `  (${sentAt.size} messages, ${incomplete} not reaching every viewer)`,
  );
  console.log(`  chat POST: p50 ${ms(pct(postLatencies, 50))}  p99 ${ms(pct(postLatencies, 99))}  errors ${postErrors}`);
  console.log(
    `  server RSS: ${mb(rssBefore)} before, ${mb(rssViewers)} with the viewers (${((rssViewers - rssBefore) / ok).toFixed(1)} KB each), ${mb(rssMessages)} after the messages`,
  );
  console.log(
    `  idle ${idleSeconds.toFixed(0)} s: ${(idleRequests / idleSeconds).toFixed(2)} req/s reaching the server (${idleRequests} requests, ${openAfterIdle} streams still open), server CPU ${idleCpuShare.toFixed(1)} % of a core`,
  );
  console.log(`  while messaging: server CPU ${messagesCpuShare.toFixed(1)} % of a core`);
  console.log(`  presence records: ${presence.rows}, left open after everyone left: ${presence.open}`);
  console.log(`polling every ${POLL_EVERY_MS / 1000} s (getweb + chat/get, ${POLL_SECONDS} s)`);
  console.log(
    `  offered ${((2 * ok) / (POLL_EVERY_MS / 1000)).toFixed(0)} req/s, answered ${(pollLatencies.length / POLL_SECONDS).toFixed(0)} req/s, p50 ${ms(pct(pollLatencies, 50))}  p99 ${ms(pct(pollLatencies, 99))}` +
      `  errors ${pollErrors}  skipped ticks ${pollLate}  statuses ${JSON.stringify(pollStatuses)}`,
  );
  console.log(`  server CPU ${pollCpuShare.toFixed(1)} % of a core, RSS ${mb(rssPolling)}`);
  console.log(`  load average after: ${load()}`);

  const p99 = pct(lastViewer, 99);
  const idleRate = idleRequests / idleSeconds;
  console.log(
    `targets: last-viewer p99 < 250 ms: ${p99 < 250 ? 'met' : 'MISSED'} (${ms(p99)}); idle < 50 req/s: ${idleRate < 50 ? 'met' : 'MISSED'} (${idleRate.toFixed(2)})`,
  );
  failed ||= incomplete > 0 || postErrors > 0 || presence.open > 0;
  if (failed) console.log('CHECK FAILED');
} finally {
  for (const w of workers) w.child.kill();
  await db.end();
  await server.stop();
}
process.exit(failed ? 1 : 0);

// `npm run test:bench`: every scenario in bench/scenarios/ once at a tiny size, each in a process of
// its own, two at a time (a smoke run mostly waits for its server to start), so that a scenario that no longer runs, or loses an answer, a message
// or a segment, fails the tests. The figures mean nothing at this size: the full runs give them
// (bench/README.md). Needs the built server (`npx tsc -b`) and PostgreSQL, as every scenario does.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

// as the other tests: on PostgreSQL when DATABASE_URL is set (CI); the scenarios have no embedded database
if (!process.env.DATABASE_URL) {
  console.log('bench smoke skipped: the scenarios need PostgreSQL (set DATABASE_URL)');
  process.exit(0);
}

// per scenario: its settings, and how long it may take (s: about three times what it takes on a
// busy 2-core machine, so a hung one does not hold CI for long); ports two apart (the server's SCORM
// content listens on the next one)
const smoke = {
  'session-lookup': { timeout: 30, env: { BENCH_SECONDS: 1, BENCH_CONNECTIONS: 4 } },
  'exam-burst': { timeout: 45, env: { BENCH_TRAINEES: 20, BENCH_CONNECTIONS: 8, BENCH_ROUNDS: 1, BENCH_WARMUP_REQUESTS: 100 } },
  reports: {
    timeout: 45,
    env: {
      BENCH_TRAINEES: 60,
      BENCH_DEPARTMENTS: 4,
      BENCH_ATTEMPTS: 300,
      BENCH_CERTIFICATES: 10,
      BENCH_STAT_REQUESTS: 5,
      BENCH_STAT_CONNECTIONS: 2,
      BENCH_ANSWERERS: 20,
      BENCH_CONNECTIONS: 8,
      BENCH_SETTLE_MS: 0,
    },
  },
  uploads: { timeout: 30, env: { BENCH_RUNS: 1, BENCH_UPLOAD_WAYS: 'port', BENCH_UPLOAD_MB: 4 } },
  face: { timeout: 60, env: { BENCH_SMOKE: 1, BENCH_FACE_CONCURRENCY: 2, BENCH_FACE_SECONDS: 2, BENCH_RUNS: 1 } },
  'webinar-viewers': {
    timeout: 45,
    env: { BENCH_SMOKE: 1, BENCH_VIEWERS: 5, BENCH_SECONDS: 2, BENCH_IDLE_SECONDS: 1, BENCH_POLL_SECONDS: 2, BENCH_VIEWER_WORKERS: 1 },
  },
  'hls-viewers': {
    timeout: 60,
    env: { BENCH_VIEWERS: 3, BENCH_SECONDS: 4, BENCH_BARE_SECONDS: 1, BENCH_VIEWER_WORKERS: 1 },
  },
};

const scenarios = readdirSync(new URL('./scenarios', import.meta.url))
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => file.slice(0, -'.mjs'.length))
  .sort();
const unsized = scenarios.filter((name) => !smoke[name]);
if (unsized.length > 0) {
  console.error(`bench/smoke.mjs has no smoke size for: ${unsized.join(', ')}`);
  process.exit(1);
}

/** Runs one scenario; answers whether it passed and its output, printed only when it did not. */
function run(name, port) {
  const { env, timeout } = smoke[name];
  const child = spawn(process.execPath, [new URL('./run.mjs', import.meta.url).pathname, name], {
    env: { ...process.env, ...env, BENCH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // a group of its own, so that a timeout also ends its server and viewer processes
    detached: true,
  });
  const output = [];
  child.stdout.on('data', (data) => output.push(data));
  child.stderr.on('data', (data) => output.push(data));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid, 'SIGKILL');
  }, timeout * 1000);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      const text = Buffer.concat(output).toString();
      resolve({ passed: code === 0, output: timedOut ? `${text}\ntimed out after ${timeout} s` : text });
    });
  });
}

/** Scenarios run side by side: each checks what it loses, not how fast it is, so sharing the cores changes nothing but the time. */
const AT_ONCE = 2;

const started = performance.now();
let failed = 0;
let next = 0;
const lane = async () => {
  while (next < scenarios.length) {
    const i = next++;
    const name = scenarios[i];
    const at = performance.now();
    const { passed, output } = await run(name, 3700 + 2 * i);
    const seconds = ((performance.now() - at) / 1000).toFixed(1);
    console.log(`${name.padEnd(16)} ${seconds.padStart(6)} s  ${passed ? 'pass' : 'FAIL'}`);
    if (!passed) {
      failed++;
      console.log(output);
    }
  }
};
await Promise.all(Array.from({ length: AT_ONCE }, lane));
console.log(`${scenarios.length} scenarios in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

// Streamed uploads through the Storage port: a generated BENCH_UPLOAD_MB (200) MB body into each
// backend (disk; s3 on s3rver, an S3 service in Node, in a child process), BENCH_RUNS (3) times
// each, every measurement in a fresh process (bench/uploads/put.mjs). Prints throughput and the
// putting process's RSS growth, and their medians; exits 1 when a growth reaches 64 MB.
import { execFileSync } from 'node:child_process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MB = 64;
const worker = new URL('../uploads/put.mjs', import.meta.url).pathname;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = { disk: [], s3: [] };
for (let run = 1; run <= RUNS; run++) {
  for (const backend of Object.keys(results)) {
    const result = JSON.parse(
      execFileSync(process.execPath, [worker, backend], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
    );
    results[backend].push(result);
    console.log(
      `run ${run} ${backend.padEnd(4)}: ${result.mb} MB in ${result.seconds.toFixed(2)} s, ${result.mbPerSecond.toFixed(0)} MB/s, RSS +${result.growthMb.toFixed(1)} MB`,
    );
  }
}
let failed = false;
console.log(`\nmedian of ${RUNS} | MB/s | RSS growth MB`);
for (const [backend, runs] of Object.entries(results)) {
  const growth = median(runs.map((r) => r.growthMb));
  console.log(`${backend.padEnd(4)} | ${median(runs.map((r) => r.mbPerSecond)).toFixed(0)} | ${growth.toFixed(1)}`);
  if (runs.some((r) => r.growthMb >= LIMIT_MB)) failed = true;
}
if (failed) {
  console.error(`an upload grew the RSS by ${LIMIT_MB} MB or more`);
  process.exit(1);
}

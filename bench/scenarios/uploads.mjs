// Uploads into each storage backend (disk; s3 on s3rver, an S3 service in Node, in a child process),
// BENCH_RUNS (3) times each, every measurement in fresh processes:
// 1. through the Storage port: a generated BENCH_UPLOAD_MB (200) MB body (bench/uploads/put.mjs);
//    exits 1 when the putting process's RSS grows by 64 MB or more;
// 2. through HTTP: documents of the largest size the route takes, four at a time, into the built
//    server (bench/uploads/http.mjs; needs PostgreSQL as the other benches);
// 3. a BENCH_SCORM_MB (50) MB SCORM package through HTTP, streamed, checked and unpacked into the
//    store (bench/uploads/scorm.mjs); exits 1 when the server's RSS grows by 64 MB or more;
// 4. through HTTP: one BENCH_MEDIA_MB (200) MB video into the media library (bench/uploads/media.mjs);
//    exits 1 when the server's RSS grows by 64 MB or more (median).
// Prints throughput and RSS growth of each, and their medians.
import { execFileSync } from 'node:child_process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MB = 64;
const workers = {
  port: '../uploads/put.mjs',
  http: '../uploads/http.mjs',
  scorm: '../uploads/scorm.mjs',
  media: '../uploads/media.mjs',
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// BENCH_UPLOAD_WAYS: which of them to measure, comma-separated (all by default)
const ways = (process.env.BENCH_UPLOAD_WAYS ?? Object.keys(workers).join(',')).split(',');
const results = Object.fromEntries(ways.map((way) => [way, { disk: [], s3: [] }]));
for (let run = 1; run <= RUNS; run++) {
  for (const [way, backends] of Object.entries(results)) {
    for (const backend of Object.keys(backends)) {
      const worker = new URL(workers[way], import.meta.url).pathname;
      // the server's own lines may come first: the figures are the last line
      const output = execFileSync(process.execPath, [worker, backend], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      const result = JSON.parse(output.trim().split('\n').at(-1));
      backends[backend].push(result);
      console.log(
        `run ${run} ${way.padEnd(5)} ${backend.padEnd(4)}: ${result.mb.toFixed(0)} MB in ${result.seconds.toFixed(2)} s, ${result.mbPerSecond.toFixed(1)} MB/s, RSS +${result.growthMb.toFixed(1)} MB`,
      );
    }
  }
}
console.log(`\nmedian of ${RUNS}    | MB/s | RSS growth MB`);
for (const [way, backends] of Object.entries(results)) {
  for (const [backend, runs] of Object.entries(backends)) {
    const figures = `${median(runs.map((r) => r.mbPerSecond)).toFixed(1)} | ${median(runs.map((r) => r.growthMb)).toFixed(1)}`;
    console.log(`${way.padEnd(5)} ${backend.padEnd(4)}      | ${figures}`);
  }
}
if (Object.values(results.port ?? {}).some((runs) => runs.some((r) => r.growthMb >= LIMIT_MB))) {
  console.error(`a body streamed through the port grew the RSS by ${LIMIT_MB} MB or more`);
  process.exit(1);
}
if (Object.values(results.scorm ?? {}).some((runs) => runs.some((r) => r.growthMb >= LIMIT_MB))) {
  console.error(`a SCORM package uploaded through HTTP grew the server's RSS by ${LIMIT_MB} MB or more`);
  process.exit(1);
}
if (Object.values(results.media ?? {}).some((runs) => median(runs.map((r) => r.growthMb)) >= LIMIT_MB)) {
  console.error(`a media upload grew the server's RSS by ${LIMIT_MB} MB or more (median)`);
  process.exit(1);
}

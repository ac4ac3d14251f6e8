// HLS viewers: the teacher broadcasts BENCH_SECONDS (30) of a test picture over the stream's WebSocket
// while N trainees (BENCH_VIEWERS, default 1,000, in BENCH_VIEWER_WORKERS processes) play the live
// playlist as hls.js does, all on one server process on PostgreSQL. Prints the segment and playlist
// fetch times against the bare route at the same request rate, the delay from a chunk sent to its
// segment being listed, and the server's CPU, memory and throughput while it is watched.
import os from 'node:os';
import pg from 'pg';
import { openBroadcast, testRecording, watchPlaylist } from '../hls/publisher.mjs';
import { startServer } from '../server.mjs';
import { load, mb, ms, pct, sleep } from '../viewers/figures.mjs';
import { childPid, cpuMeter, listenOverflows, openFilesLimit, rssKb } from '../viewers/proc.mjs';
import { seedLiveWebinar } from '../viewers/seed.mjs';
import { askAll, slices, startWorkers } from '../viewers/workers.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_VIEWER_WORKERS ?? 2);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? 10);

// a viewer holds up to 2 keep-alive sockets; the server holds all of them, a viewer process its share
const needed = 2 * VIEWERS + 500;
if (openFilesLimit() < needed) {
  console.error(`hls-viewers: ${VIEWERS} viewers need at least ${needed} open files; this shell allows ${openFilesLimit()}.`);
  console.error(`Raise the limit first, e.g. \`ulimit -n ${Math.max(needed, 20000)}\`, then run again.`);
  process.exit(2);
}

/** Counts by status, added up over the viewer processes. */
const addStatuses = (list) => {
  const sum = {};
  for (const statuses of list) for (const [status, n] of Object.entries(statuses)) sum[status] = (sum[status] ?? 0) + n;
  return sum;
};
/** The viewer processes' tallies of one kind as one. */
const merge = (tallies) => ({
  latencies: tallies.flatMap((t) => t.latencies),
  bytes: tallies.reduce((n, t) => n + t.bytes, 0),
  errors: tallies.reduce((n, t) => n + t.errors, 0),
  statuses: addStatuses(tallies.map((t) => t.statuses)),
});

console.log(`\nhls-viewers: ${VIEWERS} viewers in ${WORKERS} processes, a ${SECONDS}-s broadcast (VP8/Opus WebM, 1-s chunks), PostgreSQL`);
console.log(`  load average at the start: ${load()} (${os.cpus().length} cores)`);
// before the server starts: the encoding (only the first time for this length) weighs on nothing measured
const recording = await testRecording(SECONDS);

const server = await startServer({ env: { LOG_LEVEL: 'error' } });
const port = Number(new URL(server.base).port);
const pid = childPid('packages/server/dist/main.js');
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
const workers = startWorkers(new URL('../hls/worker.mjs', import.meta.url), WORKERS);
let failed = false;
try {
  // 1. Seed: the trainees, the webinar in progress, a session each; every trainee has joined the room.
  const { webinarId, viewerIds, viewerTokens, teacherToken } = await seedLiveWebinar(db, VIEWERS);
  await db.query('insert into webinar_attendance (webinar_id, user_id) select $1, unnest($2::int[])', [webinarId, viewerIds]);
  const teacher = { authorization: `Bearer ${teacherToken}`, 'content-type': 'application/json' };

  // 2. Every viewer asks for its signed playlist address, 25 at a time in each process.
  const watched = await askAll(workers, { cmd: 'watch', port, webinarId, concurrency: 25 }, (i) => ({
    sessions: slices(viewerTokens, WORKERS)[i],
  }));
  const admitted = watched.reduce((n, w) => n + w.ok, 0);
  console.log(
    `  ${admitted} viewers got their address in ${(Math.max(...watched.map((w) => w.ms)) / 1000).toFixed(1)} s ` +
      `(statuses ${JSON.stringify(addStatuses(watched.map((w) => w.statuses)))})`,
  );
  if (admitted < VIEWERS) failed = true;

  // 3. The bare route at the viewers' rate: two requests in a row every 2 s each, as a playlist and its segment.
  const overflowsBefore = listenOverflows();
  const bareRuns = await askAll(workers, { cmd: 'bare', port, seconds: BARE_SECONDS });
  const bareOverflows = listenOverflows() - overflowsBefore;
  const bare = merge(bareRuns.map((b) => b.health));
  const bareLate = bareRuns.reduce((n, b) => n + b.late, 0);

  // 4. The teacher opens the broadcast; the playlist exists from then on, empty until the first segment.
  const ticket = await fetch(`${server.base}/api/web/streamticket`, {
    method: 'POST',
    headers: teacher,
    body: JSON.stringify({ WebID: webinarId }),
  });
  if (ticket.status !== 200) throw new Error(`POST /api/web/streamticket answered ${ticket.status}: ${await ticket.text()}`);
  const { Path } = (await ticket.json()).data;
  const broadcast = await openBroadcast(`ws://127.0.0.1:${port}${Path}`);
  const own = await fetch(`${server.base}/api/web/streamwatch/${webinarId}`, { headers: teacher });
  const poller = watchPlaylist(`${server.base}${(await own.json()).data.Url}`);

  // 5. Viewers play while the recording is sent; the server's ffmpeg (the transcode) is a process of its own.
  const rssBefore = rssKb(pid);
  const overflowsBeforeViewing = listenOverflows();
  await askAll(workers, { cmd: 'view', port, webinarId });
  const serverCpu = cpuMeter(pid);
  const viewersCpu = workers.map((w) => cpuMeter(w.child.pid));
  const playing = broadcast.play(recording);
  while (broadcast.live.length === 0 && broadcast.problems.length === 0) await sleep(50);
  const packagerCpu = cpuMeter(childPid('ffmpeg', pid));
  const chunks = await playing;
  const serverCpuShare = serverCpu();
  const packagerCpuShare = packagerCpu();
  const viewersCpuShare = viewersCpu.reduce((sum, meter) => sum + meter(), 0);
  const rssViewing = rssKb(pid);
  broadcast.finish();
  // every segment is listed (within a minute: the server's ffmpeg may be far behind on a busy
  // machine, and each segment's delay counts), then the viewers take the last at their next reload
  for (let waited = 0; waited < 60_000 && poller.seconds() < SECONDS - 0.5; waited += 100) await sleep(100);
  await sleep(2500);
  const viewed = await askAll(workers, { cmd: 'stop' });
  const viewingOverflows = listenOverflows() - overflowsBeforeViewing;
  const { listed, latencies: pollerLatencies, errors: pollerErrors } = await poller.stop();

  // Chunk to playlist: a segment's media ends where the lengths of all segments up to it end; the
  // chunk that completed it is the first one covering that much media. Both are a few ms off (the
  // first segment's length holds the audio encoder's priming, a timer fires within a ms of its
  // second): 100 ms of slack keeps a segment from being matched to the chunk a second later.
  // The server's `live` answer for it splits the delay: packaging and storing it, then reading the playlist.
  const delays = [];
  const toLive = [];
  let end = 0;
  for (let seq = 0; listed.has(seq); seq++) {
    const segment = listed.get(seq);
    end += segment.duration;
    const chunk = chunks.find((c) => c.media >= end - 0.1);
    if (!chunk) continue;
    delays.push(segment.at - chunk.sentAt);
    const live = broadcast.live.find((l) => l.segments === seq + 1);
    if (live) toLive.push(live.at - chunk.sentAt);
  }
  const untracked = listed.size - delays.length;

  const segments = merge(viewed.map((v) => v.segment));
  const playlists = merge(viewed.map((v) => v.playlist));
  const viewSeconds = Math.max(...viewed.map((v) => v.seconds));
  const late = viewed.reduce((n, v) => n + v.late, 0);
  const segmentP99 = pct(segments.latencies, 99);
  const bareP99 = pct(bare.latencies, 99);
  const delayMax = pct(delays, 100);
  const requests = segments.latencies.length + playlists.latencies.length;

  console.log('');
  console.log(`bare route: GET /api/health, each viewer twice in a row every 2 s, ${BARE_SECONDS} s`);
  console.log(
    `  ${(bare.latencies.length / BARE_SECONDS).toFixed(0)} req/s, p50 ${ms(pct(bare.latencies, 50))}  p99 ${ms(bareP99)}` +
      `  errors ${bare.errors}  skipped ticks ${bareLate}  accept queue overflows ${bareOverflows}`,
  );
  console.log(`viewing: ${admitted} viewers, ${viewSeconds.toFixed(1)} s`);
  console.log(
    `  segments: ${segments.latencies.length} (${(segments.bytes / segments.latencies.length / 1024).toFixed(0)} KB each), ` +
      `p50 ${ms(pct(segments.latencies, 50))}  p99 ${ms(segmentP99)}  max ${ms(pct(segments.latencies, 100))}  errors ${segments.errors}`,
  );
  console.log(
    `  playlists: ${playlists.latencies.length}, p50 ${ms(pct(playlists.latencies, 50))}  p99 ${ms(pct(playlists.latencies, 99))}` +
      `  errors ${playlists.errors}  skipped reloads ${late}`,
  );
  // a connection the server was too busy to accept waits for its client's next try, seconds later
  console.log(`  accept queue overflows: ${viewingOverflows} (connections tried again after 1, 3, 7… s)`);
  if (segments.errors + playlists.errors > 0) {
    console.log(`  failed answers: segments ${JSON.stringify(segments.statuses)}, playlists ${JSON.stringify(playlists.statuses)}`);
  }
  console.log(`  ratio segment p99 / bare p99: ${(segmentP99 / bareP99).toFixed(2)}`);
  console.log(
    `  served ${(requests / viewSeconds).toFixed(0)} req/s, segments ${(segments.bytes / 1048576 / viewSeconds).toFixed(1)} MB/s`,
  );
  console.log(
    `  server CPU while broadcasting: ${serverCpuShare.toFixed(1)} % of a core (Node) + ${packagerCpuShare.toFixed(1)} % (its ffmpeg, VP8 to H.264)` +
      `; RSS ${mb(rssBefore)} before, ${mb(rssViewing)} while watched`,
  );
  console.log(`  the viewer processes: ${viewersCpuShare.toFixed(1)} % of a core together`);
  console.log(
    `chunk to playlist (${listed.size} segments listed, ${end.toFixed(1)} s of media, ${chunks.length} chunks sent): ` +
      `p50 ${ms(pct(delays, 50))}  max ${ms(delayMax)}` +
      `${untracked ? `  (${untracked} not matched to a chunk)` : ''}`,
  );
  console.log(
    `  chunk to the server's \`live\` answer (packaged, stored, listed): p50 ${ms(pct(toLive, 50))}  max ${ms(pct(toLive, 100))}`,
  );
  console.log(
    `  the 100-ms poller's playlist reads: p50 ${ms(pct(pollerLatencies, 50))}  p99 ${ms(pct(pollerLatencies, 99))}` +
      `  max ${ms(pct(pollerLatencies, 100))}  errors ${pollerErrors}`,
  );
  const lost = poller.seconds() < SECONDS - 0.5;
  if (lost) console.log(`  LOST: ${poller.seconds().toFixed(1)} s of the ${SECONDS}-s broadcast listed`);
  if (broadcast.problems.length > 0) console.log(`  the server asked: ${JSON.stringify(broadcast.problems)}`);
  console.log(`  load average after: ${load()}`);
  console.log(
    `targets: segment p99 < 200 ms: ${segmentP99 < 200 ? 'met' : 'MISSED'} (${ms(segmentP99)}); ` +
      `chunk to playlist ≤ 3 s: ${delayMax <= 3000 ? 'met' : 'MISSED'} (${ms(delayMax)})`,
  );
  failed ||=
    segments.errors + playlists.errors + bare.errors + pollerErrors > 0 || broadcast.problems.length > 0 || delays.length === 0 || lost;
  if (failed) console.log('CHECK FAILED');
} finally {
  for (const w of workers) w.child.kill();
  await db.end();
  await server.stop();
}
process.exit(failed ? 1 : 0);

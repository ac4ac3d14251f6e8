// A process holding many HLS viewers, driven by hls-viewers.mjs over IPC. Each viewer plays as hls.js
// does in live mode: it reloads the playlist every target duration (2 s, from a random phase) and
// downloads each newly listed segment once, one after another. Each viewer has its own keep-alive
// `http.Agent` of at most 2 sockets, as a browser tab has its own connections: a playlist reload
// may overlap a segment's download. Times are `performance.timeOrigin + performance.now()`.
//
// Commands (process.send from the parent, answered with the same `id`):
//   {cmd:'watch', port, webinarId, sessions, concurrency}  each viewer asks GET /api/web/streamwatch/{id} for its token
//   {cmd:'bare', port, seconds}                          each viewer: GET /api/health twice in a row every 2 s
//   {cmd:'view', port, webinarId}                        viewers start playing; answered at once
//   {cmd:'stop'}                                         viewers stop; answered with the figures
import http from 'node:http';

const PERIOD_MS = 2000;
const now = () => performance.timeOrigin + performance.now();

/** { agent, token } per viewer, once `watch` answered */
let viewers = [];

/** One GET over `agent`: status, time from the request to the body's last byte, the body's size (and text when `text`). */
function get(agent, port, path, { headers = {}, text = false } = {}) {
  return new Promise((resolve) => {
    const started = now();
    const request = http.get({ agent, host: '127.0.0.1', port, path, headers }, (response) => {
      let bytes = 0;
      const parts = [];
      response.on('data', (chunk) => {
        bytes += chunk.length;
        if (text) parts.push(chunk);
      });
      response.on('end', () =>
        resolve({ status: response.statusCode, ms: now() - started, bytes, body: text ? Buffer.concat(parts).toString() : '' }),
      );
      response.on('error', () => resolve({ status: 0, ms: now() - started, bytes }));
    });
    request.on('error', () => resolve({ status: 0, ms: now() - started, bytes: 0 }));
  });
}

async function watch({ port, webinarId, sessions, concurrency }) {
  const started = now();
  const statuses = {};
  viewers = sessions.map(() => ({ agent: new http.Agent({ keepAlive: true, maxSockets: 2 }), token: null }));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, sessions.length) }, async () => {
      while (next < sessions.length) {
        const i = next++;
        const answer = await get(viewers[i].agent, port, `/api/web/streamwatch/${webinarId}`, {
          headers: { authorization: `Bearer ${sessions[i]}` },
          text: true,
        });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 200) viewers[i].token = JSON.parse(answer.body).data.Token;
      }
    }),
  );
  viewers = viewers.filter((v) => v.token);
  return { ok: viewers.length, statuses, ms: now() - started };
}

/** A tally of requests of one kind: each one's time, and the answers that were not 200. */
const tally = () => ({ latencies: [], bytes: 0, errors: 0, statuses: {} });
function count(kind, answer) {
  kind.latencies.push(answer.ms);
  kind.bytes += answer.bytes;
  if (answer.status !== 200) {
    kind.errors++;
    kind.statuses[answer.status] = (kind.statuses[answer.status] ?? 0) + 1;
  }
}

/** Calls `tick` every PERIOD_MS from a random phase until `stop()`; a tick still running when the next is due is skipped. */
function everyPeriod(tick) {
  let timer;
  let running = null;
  let late = 0;
  let stopped = false;
  const start = now() + Math.random() * PERIOD_MS;
  const schedule = (k) => {
    timer = setTimeout(
      () => {
        if (running) late++;
        else running = tick().finally(() => (running = null));
        schedule(k + 1);
      },
      start + k * PERIOD_MS - now(),
    );
  };
  schedule(0);
  return {
    /** answers the skipped ticks once the running one is over */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      return late;
    },
    get stopped() {
      return stopped;
    },
  };
}

async function bare({ port, seconds }) {
  const health = tally();
  const timers = viewers.map(({ agent }) =>
    everyPeriod(async () => {
      count(health, await get(agent, port, '/api/health'));
      count(health, await get(agent, port, '/api/health'));
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const late = (await Promise.all(timers.map((t) => t.stop()))).reduce((a, b) => a + b, 0);
  return { health, late };
}

let viewing = null;

function view({ port, webinarId }) {
  const playlist = tally();
  const segment = tally();
  const players = viewers.map(({ agent, token }) => {
    const query = `?t=${encodeURIComponent(token)}`;
    const queue = [];
    let newest = -1;
    let loading = Promise.resolve();
    const load = async () => {
      while (queue.length > 0) count(segment, await get(agent, port, `/api/web/hls/${webinarId}/${queue.shift()}${query}`));
    };
    const reload = everyPeriod(async () => {
      const answer = await get(agent, port, `/api/web/hls/${webinarId}/index.m3u8${query}`, { text: true });
      count(playlist, answer);
      if (answer.status !== 200) return;
      const listed = answer.body.split('\n').filter((line) => /^\d+\.ts/.test(line));
      // joining, a player starts at the live edge: the newest segment
      const fresh = newest < 0 ? listed.slice(-1) : listed.filter((line) => Number.parseInt(line, 10) > newest);
      if (fresh.length === 0 || reload.stopped) return;
      newest = Number.parseInt(fresh.at(-1), 10);
      const idle = queue.length === 0;
      queue.push(...fresh.map((line) => line.split('?')[0]));
      if (idle) loading = loading.then(load);
    });
    return { reload, done: () => loading };
  });
  viewing = { players, playlist, segment, started: now() };
  return { viewers: players.length };
}

async function stop() {
  const { players, playlist, segment, started } = viewing;
  const late = (await Promise.all(players.map((p) => p.reload.stop()))).reduce((a, b) => a + b, 0);
  await Promise.all(players.map((p) => p.done()));
  for (const { agent } of viewers) agent.destroy();
  return { playlist, segment, late, seconds: (now() - started) / 1000 };
}

process.on('message', async (message) => {
  const { id, cmd } = message;
  let answer;
  if (cmd === 'watch') answer = await watch(message);
  else if (cmd === 'bare') answer = await bare(message);
  else if (cmd === 'view') answer = view(message);
  else if (cmd === 'stop') answer = await stop();
  process.send({ id, answer });
});

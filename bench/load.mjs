// A closed-loop load generator: `connections` keep-alive connections, each sending its next request
// as soon as the previous one is answered, until the list is done. Every request's latency and
// outcome is kept, so a scenario can check afterwards what the server acknowledged.
import http from 'node:http';

/**
 * Sends every request of `requests` ({method, path, headers, body}) once, in order, over
 * `connections` connections. Answers {seconds, rps, latency: {p50, p95, p99, max} (ms), errors,
 * statuses, acked: boolean[] (2xx per request), bodies: parsed JSON of 2xx answers when `keepBodies`}.
 */
export async function run(base, requests, { connections = 64, keepBodies = false } = {}) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies = new Float64Array(requests.length);
  const acked = new Array(requests.length).fill(false);
  const bodies = keepBodies ? new Array(requests.length) : null;
  const statuses = {};
  let errors = 0;
  let next = 0;

  const send = (req) =>
    new Promise((resolve) => {
      const payload = req.body === undefined ? undefined : Buffer.from(typeof req.body === 'string' ? req.body : JSON.stringify(req.body));
      const r = http.request(
        {
          agent,
          hostname: url.hostname,
          port: url.port,
          method: req.method ?? 'POST',
          path: req.path,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...req.headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', () => resolve({ status: 0, body: '' }));
        },
      );
      r.on('error', () => resolve({ status: 0, body: '' }));
      if (payload) r.write(payload);
      r.end();
    });

  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const started = performance.now();
      const { status, body } = await send(requests[i]);
      latencies[i] = performance.now() - started;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) {
        acked[i] = true;
        if (bodies) bodies[i] = JSON.parse(body);
      } else {
        errors++;
        if (errors <= 5) console.error(`  ${req(requests[i])} → ${status} ${body.slice(0, 200)}`);
      }
    }
  };
  const req = (r) => `${r.method ?? 'POST'} ${r.path}`;

  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(connections, requests.length) }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  return summary({ seconds, latencies, errors, statuses, acked, bodies });
}

function summary({ seconds, latencies, errors, statuses, acked, bodies }) {
  const sorted = Float64Array.from(latencies).sort();
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    latency: { p50: pct(50), p95: pct(95), p99: pct(99), max: sorted[sorted.length - 1] ?? 0 },
    latencies,
    errors,
    statuses,
    acked,
    bodies,
  };
}

/** The figures of several runs taken as one: their requests over their summed time. */
export function combine(runs) {
  const latencies = new Float64Array(runs.reduce((n, r) => n + r.latencies.length, 0));
  let offset = 0;
  for (const r of runs) {
    latencies.set(r.latencies, offset);
    offset += r.latencies.length;
  }
  const statuses = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return summary({
    seconds: runs.reduce((s, r) => s + r.seconds, 0),
    latencies,
    errors: runs.reduce((s, r) => s + r.errors, 0),
    statuses,
    acked: runs.flatMap((r) => r.acked),
    bodies: runs.every((r) => r.bodies) ? runs.flatMap((r) => r.bodies) : null,
  });
}

/** One line of figures. */
export function row(name, r, unit = 'req/s') {
  const ms = (v) => v.toFixed(1).padStart(6);
  return `${name.padEnd(30)} ${String(Math.round(r.rps)).padStart(7)} ${unit}  p50 ${ms(r.latency.p50)} ms  p95 ${ms(r.latency.p95)} ms  p99 ${ms(r.latency.p99)} ms  errors ${r.errors}  (${r.requests} in ${r.seconds.toFixed(1)} s)`;
}

/** Runs `work`, printing how long it took under `label`: the phases outside the measured ones. */
export async function timed(label, work) {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Signs each IIN in over HTTP (4 connections) and answers their bearer headers, in the same order. */
export async function signInAll(base, iins, password) {
  const logins = await timed(`${iins.length} sign-ins`, () =>
    run(
      base,
      iins.map((iin) => ({ path: '/api/user/login', body: { iin, password } })),
      { connections: 4, keepBodies: true },
    ),
  );
  if (logins.errors) throw new Error(`${logins.errors} sign-ins failed`);
  return logins.bodies.map((b) => ({ authorization: `Bearer ${b.user.Token}` }));
}

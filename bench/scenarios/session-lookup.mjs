// What a signed-in request costs over a bare one: an authenticated dictionary read (token hash
// lookup + role check + one query) against the public health route, in the same run.
import autocannon from 'autocannon';
import { startServer } from '../server.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

const server = await startServer();
try {
  const login = await fetch(`${server.base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ iin: '950701400004', password: 'Learn2026!' }),
  }).then((r) => r.json());
  const token = login.user.Token;

  const run = (title, url, headers = {}) => autocannon({ title, url: `${server.base}${url}`, connections, duration, headers });
  const bare = await run('bare', '/api/health');
  const signedIn = await run('signed-in', '/api/gettopictype', { authorization: `Bearer ${token}` });

  const row = (name, r) =>
    `${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(8)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}`;
  console.log(`\nsession-lookup: ${connections} connections, ${duration} s each, PostgreSQL`);
  console.log(row('GET /api/health (bare)', bare));
  console.log(row('GET /api/gettopictype (auth)', signedIn));
  console.log(`ratio signed-in / bare: ${(signedIn.requests.average / bare.requests.average).toFixed(2)}`);
  // a failed request is a broken route, not a slow one
  if (bare.errors + bare.non2xx + signedIn.errors + signedIn.non2xx > 0) process.exitCode = 1;
} finally {
  await server.stop();
}

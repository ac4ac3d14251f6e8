// A process holding many webinar viewers on raw sockets, driven by webinar-viewers.mjs over IPC.
// Raw `net` sockets, not `http`: a viewer must cost the load generator far less than the server, or
// the figures would measure the generator. Times are `performance.timeOrigin + performance.now()`,
// comparable between processes of one machine.
//
// Commands (process.send from the parent, answered with the same `id`):
//   {cmd:'connect', port, webinarId, tokens, concurrency}  open one event stream per token
//   {cmd:'counters'}                                        requests sent and streams (re)opened so far
//   {cmd:'receipts'}                                        per chat marker: last arrival, viewers reached
//   {cmd:'close'}                                           end every stream
//   {cmd:'poll', port, webinarId, tokens, seconds, every}   the spec's polling, one keep-alive socket each
import net from 'node:net';

const now = () => performance.timeOrigin + performance.now();
const MARK = Buffer.from('bench#');

let requests = 0;
let opened = 0;
let reconnects = 0;
let closing = false;
const streams = new Set();
/** marker → { last: arrival at the last viewer so far, count: viewers reached } */
const receipts = new Map();

function openStream(port, webinarId, token) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    let head = '';
    let ready = false;
    // a frame is one chunk ending in CRLF; a read that stops inside one waits for the rest
    let pending = null;
    let lastSeen = 0;
    socket.on('connect', () => {
      requests++;
      opened++;
      socket.write(
        `GET /api/web/events/${webinarId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      const at = now();
      if (!ready) {
        head += chunk.toString('latin1');
        if (!head.startsWith('HTTP/1.1 200')) {
          if (head.includes('\r\n\r\n')) {
            socket.destroy();
            resolve(false);
          }
          return;
        }
        if (!head.includes(': ready')) return;
        ready = true;
        head = '';
        streams.add(socket);
        resolve(true);
        return;
      }
      const data = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = null;
      if (data[data.length - 1] !== 10) {
        pending = data;
        return;
      }
      // markers are ASCII: search the bytes, no decoding
      for (let i = data.indexOf(MARK); i >= 0; i = data.indexOf(MARK, i + MARK.length)) {
        let seq = 0;
        for (let j = i + MARK.length; data[j] >= 48 && data[j] <= 57; j++) seq = seq * 10 + data[j] - 48;
        if (seq <= lastSeen) continue;
        lastSeen = seq;
        const r = receipts.get(seq);
        if (r) {
          r.count++;
          if (at > r.last) r.last = at;
        } else receipts.set(seq, { last: at, count: 1 });
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      streams.delete(socket);
      if (!ready) resolve(false);
      else if (!closing) {
        // as a browser would: come back after a moment (each return is a request)
        reconnects++;
        setTimeout(() => openStream(port, webinarId, token), 1000);
      }
    });
  });
}

async function connect({ port, webinarId, tokens, concurrency = 200 }) {
  const started = now();
  let next = 0;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tokens.length) }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++];
        if (await openStream(port, webinarId, token)) ok++;
        else failed++;
      }
    }),
  );
  return { ok, failed, ms: now() - started };
}

/** One viewer polling on its own keep-alive socket: both calls every `every` ms, from a random offset. */
function poller(port, paths, token, until, every, results) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    let buffer = Buffer.alloc(0);
    let inFlight = false;
    let sentAt = 0;
    let queue = [];
    let timer = null;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    };
    const sendNext = () => {
      const path = queue.shift();
      if (!path) return;
      inFlight = true;
      sentAt = now();
      requests++;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n\r\n`);
    };
    const tick = () => {
      if (now() >= until) return finish();
      if (queue.length > 0 || inFlight) results.late++;
      else {
        queue = [...paths];
        sendNext();
      }
      timer = setTimeout(tick, every);
    };
    socket.on('connect', () => {
      timer = setTimeout(tick, Math.random() * every);
    });
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = buffer.subarray(0, headEnd).toString('latin1');
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < headEnd + 4 + length) return;
        const status = Number(head.slice(9, 12));
        results.latencies.push(now() - sentAt);
        results.statuses[status] = (results.statuses[status] ?? 0) + 1;
        if (status < 200 || status >= 300) results.errors++;
        buffer = buffer.subarray(headEnd + 4 + length);
        inFlight = false;
        sendNext();
      }
    });
    socket.on('error', () => {
      results.errors++;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function poll({ port, webinarId, tokens, seconds, every }) {
  const results = { latencies: [], statuses: {}, errors: 0, late: 0 };
  const until = now() + seconds * 1000;
  const paths = [`/api/web/getweb/${webinarId}`, `/api/chat/get?web=${webinarId}`];
  await Promise.all(tokens.map((token) => poller(port, paths, token, until, every, results)));
  return results;
}

process.on('message', async (message) => {
  const { id, cmd } = message;
  let answer;
  if (cmd === 'connect') answer = await connect(message);
  else if (cmd === 'counters') answer = { requests, opened, reconnects, open: streams.size };
  else if (cmd === 'receipts') answer = [...receipts].map(([seq, r]) => [seq, r.last, r.count]);
  else if (cmd === 'close') {
    closing = true;
    for (const s of streams) s.destroy();
    streams.clear();
    answer = { closed: true };
  } else if (cmd === 'poll') answer = await poll(message);
  process.send({ id, answer });
});

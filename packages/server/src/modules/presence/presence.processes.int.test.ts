import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChatMessage, Role } from '@oqu/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/demo.js';
import { createScratchDatabase } from '../../test/app.js';
import { EventStreamClient } from '../../test/rooms.js';

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer: what is posted
 * through one reaches the rooms held open on the other, through LISTEN/NOTIFY. The embedded
 * database serves one process only, so this runs on PostgreSQL alone.
 */

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  base: string;
  child: ChildProcess;
  output: () => string;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server stopped: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not start: ${output}`);
}

async function stopServer(server: Server | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function signIn(base: string, role: number) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ iin: account.iin, password: account.password }),
  });
  const token = (await response.json()).user?.Token as string | undefined;
  if (!token) throw new Error(`Sign-in failed (${response.status})`);
  return token;
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let dataDir: string;
  let drop = async () => {};
  let databaseUrl: string;
  let a: Server | undefined;
  let b: Server | undefined;
  const clients: EventStreamClient[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-two-'));
    const scratch = await createScratchDatabase('oqu_two');
    if (!scratch) throw new Error('DATABASE_URL is needed');
    databaseUrl = scratch.url;
    drop = scratch.drop;
    // one after the other: the first migrates and seeds, the second finds it done
    a = await startServer(databaseUrl, path.join(dataDir, 'a'));
    b = await startServer(databaseUrl, path.join(dataDir, 'b'));
  }, 150_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all([stopServer(a), stopServer(b)]);
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers a chat message posted through one process to a room held on the other within 1 s', { timeout: 60_000 }, async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let webinarId: number;
    try {
      const {
        rows: [room],
      } = await db.query(
        `select u.plan_id, (select id from topics t where t.plan_id = u.plan_id order by id limit 1) as topic_id,
                (select id from users where iin = $2) as teacher_id
         from users u where u.iin = $1`,
        [DEMO_ACCOUNTS.find((x) => x.role === Role.Trainee)!.iin, DEMO_ACCOUNTS.find((x) => x.role === Role.Teacher)!.iin],
      );
      const {
        rows: [webinar],
      } = await db.query(
        `insert into webinars (name, plan_id, topic_id, teacher_id, begin_time, duration_minutes)
         values ('Вебинар на двух серверах', $1, $2, $3, now() - interval '5 minutes', 60) returning id`,
        [room.plan_id, room.topic_id, room.teacher_id],
      );
      webinarId = webinar.id;
    } finally {
      await db.end();
    }
    const [teacher, trainee] = await Promise.all([signIn(a!.base, Role.Teacher), signIn(b!.base, Role.Trainee)]);

    // the trainee's room is on B; the teacher's room and posts are on A
    const onB = await EventStreamClient.open(b!.base, webinarId, trainee);
    clients.push(onB);
    expect(onB.status).toBe(200);
    const onA = await EventStreamClient.open(a!.base, webinarId, teacher);
    clients.push(onA);
    // presence is counted across processes: B hears that the teacher joined on A
    const online = await onB.next<{ Online: number }>('online', (d) => d.Online === 2, 8000);
    expect(online.data.Online).toBe(2);

    const latencies: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const sent = performance.now();
      const response = await fetch(`${a!.base}/api/chat/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${teacher}`, 'content-type': 'application/json' },
        body: JSON.stringify({ WebID: webinarId, Message: `Сообщение ${i} с первого сервера` }),
      });
      expect(response.status).toBe(200);
      const message = (await response.json()).data as ChatMessage;
      const received = await onB.next<ChatMessage>('chat', (m) => m.ID === message.ID, 2000);
      expect(received.data).toEqual(message);
      latencies.push(received.at - sent);
      // and the sender's own process delivers it too, once
      await onA.next<ChatMessage>('chat', (m) => m.ID === message.ID, 2000);
    }
    expect(onA.events.filter((e) => e.type === 'chat')).toHaveLength(5);
    expect(onB.events.filter((e) => e.type === 'chat')).toHaveLength(5);
    expect(Math.max(...latencies)).toBeLessThan(1000);

    // and the other way round: the trainee writes on B, the teacher's room on A hears it
    const reply = await fetch(`${b!.base}/api/chat/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${trainee}`, 'content-type': 'application/json' },
      body: JSON.stringify({ WebID: webinarId, Message: 'Спасибо, всё слышно' }),
    });
    expect(reply.status).toBe(200);
    const replyId = (await reply.json()).data.ID as number;
    expect((await onA.next<ChatMessage>('chat', (m) => m.ID === replyId, 2000)).data.RoleID).toBe(Role.Trainee);
  });
});

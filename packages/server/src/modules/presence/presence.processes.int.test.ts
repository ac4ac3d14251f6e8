import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ChatMessage, Role } from '@oqu/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo.js';
import { createScratchDatabase } from '../../test/app.js';
import { EventStreamClient, eventually } from '../../test/rooms.js';
import { freePort, type ServerProcess, signInOver, startServerProcess, stopServerProcess } from '../../test/server-process.js';

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer: what is posted
 * through one reaches the rooms held open on the other, through LISTEN/NOTIFY. The embedded
 * database serves one process only, so this runs on PostgreSQL alone.
 */

async function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  return startServerProcess({ port: await freePort(), databaseUrl, dataDir });
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let dataDir: string;
  let drop = async () => {};
  let databaseUrl: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
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
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Runs `work` on a connection of its own to the shared database. */
  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      return (await db.query<T>(text, values)).rows;
    } finally {
      await db.end();
    }
  }

  /** A webinar in progress of the demo trainee's plan, run by the demo teacher. */
  async function insertRoom(): Promise<number> {
    const [room] = await query(
      `select u.plan_id, (select id from topics t where t.plan_id = u.plan_id order by id limit 1) as topic_id,
              (select id from users where iin = $2) as teacher_id
       from users u where u.iin = $1`,
      [DEMO_ACCOUNTS.find((x) => x.role === Role.Trainee)!.iin, DEMO_ACCOUNTS.find((x) => x.role === Role.Teacher)!.iin],
    );
    const [webinar] = await query<{ id: number }>(
      `insert into webinars (name, plan_id, topic_id, teacher_id, begin_time, duration_minutes)
       values ('Вебинар на двух серверах', $1, $2, $3, now() - interval '5 minutes', 60) returning id`,
      [room!.plan_id, room!.topic_id, room!.teacher_id],
    );
    return webinar!.id;
  }

  /** Waits for the server to end `client`'s stream; answers how long it took from `since`. */
  const endedWithin = async (client: EventStreamClient, since: number) => {
    await client.until(() => client.ended, 3000, 'the end of the stream');
    return performance.now() - since;
  };

  it('delivers a chat message posted through one process to a room held on the other within 1 s', { timeout: 60_000 }, async () => {
    const webinarId = await insertRoom();
    const [teacher, trainee] = await Promise.all([signInOver(a!.base, Role.Teacher), signInOver(b!.base, Role.Trainee)]);

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

  it('ends a stream held on one process within 1 s of signing out through the other', { timeout: 60_000 }, async () => {
    const webinarId = await insertRoom();
    // the same teacher signed in twice: the session signed out and another that goes on
    const [signingOut, staying] = await Promise.all([signInOver(b!.base, Role.Teacher), signInOver(b!.base, Role.Teacher)]);
    const ending = await EventStreamClient.open(b!.base, webinarId, signingOut);
    const kept = await EventStreamClient.open(b!.base, webinarId, staying);
    clients.push(ending, kept);
    expect([ending.status, kept.status]).toEqual([200, 200]);

    const sent = performance.now();
    const logout = await fetch(`${a!.base}/api/user/logout`, { method: 'POST', headers: { authorization: `Bearer ${signingOut}` } });
    expect(logout.status).toBe(200);
    expect(await endedWithin(ending, sent)).toBeLessThan(1000);
    await eventually(
      () =>
        query<{ closed: boolean }>('select closed_at is not null as closed from webinar_presence where webinar_id = $1 order by id', [
          webinarId,
        ]),
      (rows) => rows.length === 2 && rows[0]!.closed && !rows[1]!.closed,
      2000,
    );
    expect(kept.ended).toBe(false);
  });

  it('holds at most 5 streams per session over both processes: the 6th ends the oldest, wherever it is', { timeout: 60_000 }, async () => {
    const webinarId = await insertRoom();
    const [session, otherSession] = await Promise.all([signInOver(a!.base, Role.Teacher), signInOver(a!.base, Role.Teacher)]);
    const openOn = async (base: string, token: string) => {
      const stream = await EventStreamClient.open(base, webinarId, token);
      clients.push(stream);
      expect(stream.status).toBe(200);
      // its presence row is written: the next one is newer
      await stream.until(() => stream.comments.includes('ready'), 3000, 'the stream’s : ready');
      return stream;
    };
    const other = await openOn(a!.base, otherSession);
    const streams: EventStreamClient[] = [];
    for (const base of [a!.base, a!.base, a!.base, b!.base, b!.base]) streams.push(await openOn(base, session));
    expect(streams.some((s) => s.ended)).toBe(false);

    const sixth = await openOn(b!.base, session);
    // the oldest is on the other process than the sixth
    await streams[0]!.until(() => streams[0]!.ended, 3000, 'the end of the oldest stream');
    expect(streams[0]!.retry).toBe(30_000);
    await eventually(
      () =>
        query<{ closed: boolean }>('select closed_at is not null as closed from webinar_presence where webinar_id = $1 order by id', [
          webinarId,
        ]),
      (rows) => rows.length === 7 && rows.filter((r) => r.closed).length === 1 && rows[1]!.closed,
      2000,
    );
    expect([...streams.slice(1), sixth, other].some((s) => s.ended)).toBe(false);
  });

  it('ends a blocked person’s stream on the other process within 1 s; no presence minutes accrue after', { timeout: 60_000 }, async () => {
    const webinarId = await insertRoom();
    const [admin, trainee] = await Promise.all([signInOver(a!.base, Role.Admin), signInOver(b!.base, Role.Trainee)]);
    const stream = await EventStreamClient.open(b!.base, webinarId, trainee);
    clients.push(stream);
    expect(stream.status).toBe(200);
    const [person] = await query<{ id: number }>('select id from users where iin = $1', [
      DEMO_ACCOUNTS.find((x) => x.role === Role.Trainee)!.iin,
    ]);

    const sent = performance.now();
    const block = await fetch(`${a!.base}/api/user/updateuser/${person!.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ IsBlocked: true }),
    });
    expect(block.status).toBe(200);
    expect(await endedWithin(stream, sent)).toBeLessThan(1000);
    const rows = await eventually(
      () =>
        query<{ closed_at: Date | null; seen_at: Date }>('select closed_at, seen_at from webinar_presence where webinar_id = $1', [
          webinarId,
        ]),
      (r) => r.length === 1 && r[0]!.closed_at !== null,
      2000,
    );
    expect(rows[0]!.seen_at).toEqual(rows[0]!.closed_at);
  });
});

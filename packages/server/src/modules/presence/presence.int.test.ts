import type { AddressInfo } from 'node:net';
import { type ChatMessage, Role, WEBINAR_EVENT_HEARTBEAT_SECONDS } from '@oqu/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan, insertTopic } from '../../test/catalogue.js';
import { FORBIDDEN, SIGN_IN_FIRST } from '../../test/http.js';
import { EventStreamClient, eventually, insertPerson, insertWebinar, sessionFor } from '../../test/rooms.js';
import { PresenceRepository } from './presence.repository.js';

type Online = { Online: number; TotalStudents: number };

/** The demo trainee's plan, its first topic and the demo teacher. */
async function demoRoom(t: TestApp) {
  const trainee = await t.db
    .selectFrom('users')
    .select('plan_id')
    .where('id', '=', await t.idOf(Role.Trainee))
    .executeTakeFirstOrThrow();
  const planId = trainee.plan_id!;
  const topicId = (await t.db.selectFrom('topics').select('id').where('plan_id', '=', planId).orderBy('id').executeTakeFirstOrThrow()).id;
  return { planId, topicId, teacherId: await t.idOf(Role.Teacher) };
}

async function listen(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const presenceOf = (t: TestApp, webinarId: number) =>
  t.db
    .selectFrom('webinar_presence')
    .select(['id', 'user_id', 'opened_at', 'seen_at', 'closed_at'])
    .where('webinar_id', '=', webinarId)
    .orderBy('id')
    .execute();

const traineesOfPlan = async (t: TestApp, planId: number) =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('plan_id', '=', planId)
        .where('role_id', '=', Role.Trainee)
        .where('archived_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the room’s event stream', () => {
  let t: TestApp;
  let base: string;
  let room: Awaited<ReturnType<typeof demoRoom>>;
  let clients: EventStreamClient[] = [];

  const open = async (webinarId: number, token?: string) => {
    const client = await EventStreamClient.open(base, webinarId, token);
    clients.push(client);
    return client;
  };
  const postChat = async (role: number, webinarId: number, message: string) => {
    const response = await fetch(`${base}/api/chat/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.tokenOf(role)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ WebID: webinarId, Message: message }),
    });
    expect(response.status).toBe(200);
    return (await response.json()).data as ChatMessage;
  };

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    room = await demoRoom(t);
  });
  afterEach(() => {
    for (const c of clients) c.close();
    clients = [];
  });
  afterAll(() => t.close());

  it('opens with `: ready` as text/event-stream that no proxy buffers, and records the viewer as present', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const client = await open(web, await t.tokenOf(Role.Trainee));
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-cache, no-transform');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.comments[0]).toBe('ready');
    // recorded before `: ready`: a room loading its data now counts itself
    const rows = await presenceOf(t, web);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: await t.idOf(Role.Trainee), closed_at: null });
    expect(Math.abs(new Date(rows[0]!.opened_at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('pushes a chat message posted over HTTP to every open room of that webinar, and only there', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const other = await insertWebinar(t.db, { ...room, name: 'Другой вебинар' });
    const trainee = await open(web, await t.tokenOf(Role.Trainee));
    const admin = await open(web, await t.tokenOf(Role.Admin));
    const elsewhere = await open(other, await t.tokenOf(Role.Teacher));

    const sent = performance.now();
    const message = await postChat(Role.Teacher, web, 'Добрый день! Начинаем через минуту.');
    const received = await trainee.next<ChatMessage>('chat', (m) => m.ID === message.ID);
    expect(received.data).toEqual(message);
    expect(received.data).toMatchObject({ WebID: web, RoleID: Role.Teacher, Message: 'Добрый день! Начинаем через минуту.' });
    expect(received.at - sent).toBeLessThan(1000);
    expect((await admin.next<ChatMessage>('chat', (m) => m.ID === message.ID)).data).toEqual(message);

    const reply = await postChat(Role.Trainee, web, 'Здравствуйте!');
    expect((await admin.next<ChatMessage>('chat', (m) => m.ID === reply.ID)).data.RoleID).toBe(Role.Trainee);
    // the other webinar's room heard neither
    await postChat(Role.Teacher, other, 'Проверка связи');
    await elsewhere.next('chat');
    expect(elsewhere.events.filter((e) => e.type === 'chat')).toHaveLength(1);
  });

  it('tells the room the online count when someone joins and when they leave, and closes the leaver’s record', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const total = await traineesOfPlan(t, room.planId);
    const trainee = await open(web, await t.tokenOf(Role.Trainee));
    await trainee.next<Online>('online', (d) => d.Online === 1);

    const teacher = await open(web, await t.tokenOf(Role.Teacher));
    const joined = await trainee.next<Online>('online', (d) => d.Online === 2, 5000);
    expect(joined.data).toEqual({ Online: 2, TotalStudents: total });
    expect((await teacher.next<Online>('online', (d) => d.Online === 2)).data.TotalStudents).toBe(total);

    const seen = trainee.events.length;
    teacher.close();
    const rows = await eventually(
      () => presenceOf(t, web),
      (r) => r.some((row) => row.closed_at !== null),
    );
    const teacherId = await t.idOf(Role.Teacher);
    // the teacher's presence closed, the trainee's still open (a missing row fails both)
    expect(rows.filter((r) => r.user_id === teacherId).map((r) => r.closed_at !== null)).toEqual([true]);
    expect(rows.filter((r) => r.user_id !== teacherId).map((r) => r.closed_at !== null)).toEqual([false]);
    // at most one `online` every 2 s: the leaving is told within that
    expect((await trainee.next<Online>('online', (d) => d.Online === 1, 5000, seen)).data).toEqual({ Online: 1, TotalStudents: total });
  });

  it('counts a person once however many rooms they hold open', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const token = await t.tokenOf(Role.Trainee);
    const first = await open(web, token);
    await open(web, token);
    await eventually(
      () => presenceOf(t, web),
      (r) => r.length === 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const last = first.events.filter((e) => e.type === 'online').at(-1);
    expect(last?.data).toMatchObject({ Online: 1 });
  });

  it('coalesces a crowd arriving at once into a few `online` events', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const watcher = await open(web, await t.tokenOf(Role.Teacher));
    const crowd = await Promise.all(Array.from({ length: 40 }, () => insertPerson(t.db, Role.Trainee, { planId: room.planId })));
    const total = await traineesOfPlan(t, room.planId);
    await Promise.all(crowd.map((p) => open(web, p.token)));
    const final = await watcher.next<Online>('online', (d) => d.Online === 41, 8000);
    expect(final.data.TotalStudents).toBe(total);
    // 41 arrivals; one event for the teacher's own arrival and then at most one every 2 s
    const onlineEvents = watcher.events.filter((e) => e.type === 'online');
    expect(onlineEvents.length).toBeLessThanOrEqual(4);
  });

  it('lets a room open before, during and after the webinar', async () => {
    for (const w of [{ beginsIn: 120 }, { beginsIn: -10 }, { beginsIn: -30, ended: true }]) {
      const web = await insertWebinar(t.db, { ...room, ...w });
      const client = await open(web, await t.tokenOf(Role.Trainee));
      expect(client.status).toBe(200);
    }
  });

  it('refuses strangers before anything is streamed: ordinary JSON refusals', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const anonymous = await open(web);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toEqual(SIGN_IN_FIRST);
    const region = await open(web, await t.tokenOf(Role.Region));
    expect(region.status).toBe(403);
    expect(JSON.parse(region.body)).toEqual(FORBIDDEN);

    const otherPlan = await insertPlan(t.db, 'План другого цеха');
    const elsewhere = await insertWebinar(t.db, { ...room, planId: otherPlan, topicId: await insertTopic(t.db, otherPlan, 'Тема') });
    const archived = await insertWebinar(t.db, { ...room, archived: true });
    const otherTeacher = await insertPerson(t.db, Role.Teacher);
    for (const [webinar, token] of [
      [elsewhere, await t.tokenOf(Role.Trainee)],
      [archived, await t.tokenOf(Role.Trainee)],
      [999_999, await t.tokenOf(Role.Admin)],
      [web, otherTeacher.token],
      [web, await t.tokenOf(Role.Examiner)],
    ] as const) {
      const refused = await open(webinar, token);
      expect(refused.status, `webinar ${webinar}`).toBe(404);
      expect(JSON.parse(refused.body)).toEqual({ status: false, message: 'Вебинар не найден' });
    }
    expect(await presenceOf(t, elsewhere)).toEqual([]);
    expect(await presenceOf(t, archived)).toEqual([]);
  });
});

describe('streams that end with their session', () => {
  let t: TestApp;
  let base: string;
  let room: Awaited<ReturnType<typeof demoRoom>>;
  let clients: EventStreamClient[] = [];

  const open = async (webinarId: number, token: string) => {
    const client = await EventStreamClient.open(base, webinarId, token);
    clients.push(client);
    expect(client.status).toBe(200);
    return client;
  };
  const postChat = async (token: string, webinarId: number, message: string) => {
    const response = await fetch(`${base}/api/chat/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ WebID: webinarId, Message: message }),
    });
    expect(response.status).toBe(200);
    return (await response.json()).data as ChatMessage;
  };
  const call = (method: string, url: string, token: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Waits for the server to end `client`'s stream; answers how long it took from `since`. */
  const endedWithin = async (client: EventStreamClient, since: number) => {
    await client.until(() => client.ended, 3000, 'the end of the stream');
    return performance.now() - since;
  };

  beforeAll(async () => {
    t = await createTestApp({ EVENT_STREAMS_PER_SESSION: '5' });
    base = await listen(t);
    room = await demoRoom(t);
  });
  afterEach(() => {
    for (const c of clients) c.close();
    clients = [];
  });
  afterAll(() => t.close());

  it('ends every stream of a session within 1 s of signing out, closes their records, and leaves other sessions’ streams open', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const person = await insertPerson(t.db, Role.Trainee, { planId: room.planId });
    const onOtherDevice = await sessionFor(t.db, person.id);
    const first = await open(web, person.token);
    const second = await open(web, person.token);
    const kept = await open(web, onOtherDevice);

    const signedOut = performance.now();
    expect((await call('POST', '/api/user/logout', person.token)).status).toBe(200);
    expect(await endedWithin(first, signedOut)).toBeLessThan(1000);
    expect(await endedWithin(second, signedOut)).toBeLessThan(1000);
    const rows = await eventually(
      () => presenceOf(t, web),
      (r) => r.filter((row) => row.closed_at !== null).length === 2,
    );
    expect(rows.filter((row) => row.closed_at === null)).toHaveLength(1);

    // the other device still hears the room; the ended streams heard nothing more
    const message = await postChat(await t.tokenOf(Role.Teacher), web, 'После выхода');
    await kept.next<ChatMessage>('chat', (m) => m.ID === message.ID);
    expect(first.events.some((e) => e.type === 'chat')).toBe(false);
    expect(kept.ended).toBe(false);
  });

  it('ends a blocked person’s streams within 1 s, and no presence minutes accrue after', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const web = await insertWebinar(t.db, { ...room });
      const person = await insertPerson(t.db, Role.Trainee, { planId: room.planId });
      const watcher = await open(web, await t.tokenOf(Role.Teacher));
      const stream = await open(web, person.token);

      const blocked = performance.now();
      expect((await call('PUT', `/api/user/updateuser/${person.id}`, await t.tokenOf(Role.Admin), { IsBlocked: true })).status).toBe(200);
      expect(await endedWithin(stream, blocked)).toBeLessThan(1000);
      const [closed] = await eventually(
        () => presenceOf(t, web).then((rows) => rows.filter((r) => r.user_id === person.id)),
        (rows) => rows[0]?.closed_at != null,
      );

      // heartbeats go on for the others; the blocked person's record stays as it was closed
      vi.advanceTimersByTime(WEBINAR_EVENT_HEARTBEAT_SECONDS * 1000);
      await watcher.until(() => watcher.comments.includes('heartbeat'), 5000, 'a heartbeat');
      const [after] = (await presenceOf(t, web)).filter((r) => r.user_id === person.id);
      expect(after).toEqual(closed);
      expect(new Date(after!.seen_at).getTime()).toBe(new Date(after!.closed_at!).getTime());
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends a stream whose session expired at the next heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const web = await insertWebinar(t.db, { ...room });
      const person = await insertPerson(t.db, Role.Trainee, { planId: room.planId });
      const stream = await open(web, person.token);
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', person.id)
        .execute();
      vi.advanceTimersByTime(WEBINAR_EVENT_HEARTBEAT_SECONDS * 1000);
      await stream.until(() => stream.ended, 3000, 'the end of the stream');
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds at most 5 streams per session: the 6th ends the oldest, and no stream of another session', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const person = await insertPerson(t.db, Role.Trainee, { planId: room.planId });
    const streams: EventStreamClient[] = [];
    for (let i = 0; i < 5; i++) streams.push(await open(web, person.token));
    await eventually(
      () => presenceOf(t, web),
      (r) => r.length === 5,
    );
    // the same person on another device: a session of its own, with streams of its own
    const otherDevice = await sessionFor(t.db, person.id);
    const others = [await open(web, otherDevice), await open(web, otherDevice)];
    expect(streams.some((s) => s.ended)).toBe(false);

    const sixth = await open(web, person.token);
    await streams[0]!.until(() => streams[0]!.ended, 3000, 'the end of the oldest stream');
    // its client is told to wait before coming back, so tabs over the limit do not push each other out
    expect(streams[0]!.retry).toBe(30_000);
    const rows = await eventually(
      () => presenceOf(t, web),
      (r) => r.length === 8 && r[0]!.closed_at !== null,
    );
    expect(rows.slice(1).every((r) => r.closed_at === null)).toBe(true);
    expect([...streams.slice(1), sixth, ...others].some((s) => s.ended)).toBe(false);
  });
});

describe('presence kept by the heartbeat, and ended with the server', () => {
  let t: TestApp;
  let base: string;
  let room: Awaited<ReturnType<typeof demoRoom>>;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    room = await demoRoom(t);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('refreshes every open stream’s seen_at in one batched update per heartbeat, with a comment to each', async () => {
    // only the heartbeat's interval is faked; sockets and the database keep real time
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const touch = vi.spyOn(PresenceRepository.prototype, 'touch');
    const web = await insertWebinar(t.db, { ...room });
    const people = [
      await t.tokenOf(Role.Trainee),
      await t.tokenOf(Role.Teacher),
      ...(await Promise.all([1, 2].map(async () => (await insertPerson(t.db, Role.Trainee, { planId: room.planId })).token))),
    ];
    const streams = await Promise.all(people.map((token) => EventStreamClient.open(base, web, token)));
    const opened = await eventually(
      () => presenceOf(t, web),
      (r) => r.length === 4,
    );
    // as if the last heartbeat were long ago
    await t.db
      .updateTable('webinar_presence')
      .set({ seen_at: new Date(Date.now() - 50_000) })
      .where('webinar_id', '=', web)
      .execute();

    vi.advanceTimersByTime(WEBINAR_EVENT_HEARTBEAT_SECONDS * 1000);
    expect(touch).toHaveBeenCalledTimes(1);
    expect([...touch.mock.calls[0]![0]].sort()).toEqual(opened.map((r) => r.id).sort());
    for (const s of streams) await s.until(() => s.comments.includes('heartbeat'), 5000, 'a heartbeat');
    const refreshed = await eventually(
      () => presenceOf(t, web),
      (rows) => rows.every((r) => Date.now() - new Date(r.seen_at).getTime() < 10_000),
    );
    expect(refreshed.every((r) => r.closed_at === null)).toBe(true);
    touch.mockRestore();
  });

  it('ends open streams when the server closes, closing their records', async () => {
    const web = await insertWebinar(t.db, { ...room });
    const streams = await Promise.all(
      [Role.Trainee, Role.Teacher, Role.Admin].map(async (role) => EventStreamClient.open(base, web, await t.tokenOf(role))),
    );
    await eventually(
      () => presenceOf(t, web),
      (r) => r.length === 3,
    );
    vi.useRealTimers();
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    for (const s of streams) await s.until(() => s.ended, 3000, 'the end of the stream');
    const rows = await t.db.selectFrom('webinar_presence').select(['closed_at']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.filter((r) => r.closed_at === null)).toEqual([]);
  });
});

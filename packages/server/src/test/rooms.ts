import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Role } from '@oqu/contracts';
import type { Db } from '../db/database.js';
import { hashToken } from '../modules/auth/auth.service.js';
import { nextIin } from './factories.js';

/**
 * Rows and clients the realtime tests share: webinars written straight into the database (the
 * webinars module's own tests go through its API), sessions for extra people, and an event-stream
 * client over a real socket.
 */

export interface WebinarRow {
  planId: number;
  topicId: number;
  teacherId: number;
  /** Minutes from now; negative = started that long ago. */
  beginsIn?: number;
  duration?: number;
  ended?: boolean;
  archived?: boolean;
  name?: string;
}

export async function insertWebinar(db: Db, w: WebinarRow): Promise<number> {
  const row = await db
    .insertInto('webinars')
    .values({
      name: w.name ?? 'Вебинар по охране труда',
      plan_id: w.planId,
      topic_id: w.topicId,
      teacher_id: w.teacherId,
      begin_time: new Date(Date.now() + (w.beginsIn ?? -10) * 60_000),
      duration_minutes: w.duration ?? 60,
      ended_at: w.ended ? new Date() : null,
      archived_at: w.archived ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new person with a live session; answers their id and bearer token. */
export async function insertPerson(
  db: Db,
  role: number,
  values: { planId?: number | null; fullName?: string } = {},
): Promise<{ id: number; token: string; fullName: string }> {
  const fullName = values.fullName ?? (role === Role.Teacher ? 'Сейткали Марат Ерланович' : 'Жумабаева Айгерим Сериковна');
  const [last_name = '', first_name = '', middle_name = ''] = fullName.split(' ');
  const user = await db
    .insertInto('users')
    .values({
      role_id: role,
      iin: nextIin(),
      last_name,
      first_name,
      middle_name,
      full_name: fullName,
      password_hash: 'not-used',
      plan_id: values.planId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, token: await sessionFor(db, user.id), fullName };
}

/** A live session for a person, without signing in (argon2 is slow and rate-limited). */
export async function sessionFor(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
    .execute();
  return token;
}

export interface SseEvent {
  type: string;
  data: unknown;
  /** performance.now() when the frame was read. */
  at: number;
}

/** A client of GET /api/web/events/{id} over a plain socket, as a browser's fetch would hold it. */
export class EventStreamClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** The server's last `retry:` (ms), if any. */
  retry: number | undefined;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  /** The answer's body when it was not a stream (a refusal). */
  body = '';
  ended = false;
  private buffer = '';
  private request: http.ClientRequest | null = null;
  private waiters: (() => void)[] = [];

  /** Connects; resolves once the server said `: ready` (or answered a refusal). `rooms`: the kind of room (exams: `/api/exam/events`). */
  static async open(base: string, webinarId: number, token?: string, rooms = '/api/web/events'): Promise<EventStreamClient> {
    const client = new EventStreamClient();
    await client.connect(`${base}${rooms}/${webinarId}`, token);
    return client;
  }

  private connect(url: string, token?: string) {
    return new Promise<void>((resolve, reject) => {
      const request = http.get(
        url,
        { headers: token ? { authorization: `Bearer ${token}`, accept: 'text/event-stream' } : {}, agent: false },
        (response) => {
          this.status = response.statusCode ?? 0;
          this.headers = response.headers;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (this.status !== 200) this.body += chunk;
            else this.read(chunk);
            if (this.comments.includes('ready')) resolve();
          });
          response.on('end', () => {
            this.ended = true;
            this.wake();
            resolve();
          });
          response.on('close', () => {
            this.ended = true;
            this.wake();
          });
        },
      );
      request.on('error', (error) => {
        this.ended = true;
        this.wake();
        reject(error);
      });
      this.request = request;
    });
  }

  private read(chunk: string) {
    const at = performance.now();
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let type = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        else if (line.startsWith('retry:')) this.retry = Number(line.slice(6));
      }
      if (data.length > 0) this.events.push({ type, data: JSON.parse(data.join('\n')), at });
      end = this.buffer.indexOf('\n\n');
    }
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until `check` holds (re-checked on every frame), or fails after `ms`. */
  async until<T>(check: () => T | undefined | false, ms = 5000, what = 'an event'): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = check();
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${what}; got ${JSON.stringify(this.events.map((e) => e.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first event of `type` (after the first `from` events) for which `match` holds. */
  next<D>(type: string, match: (data: D) => boolean = () => true, ms = 5000, from = 0): Promise<SseEvent & { data: D }> {
    return this.until(
      () => this.events.slice(from).find((e) => e.type === type && match(e.data as D)) as (SseEvent & { data: D }) | undefined,
      ms,
      `a ${type} event`,
    );
  }

  close() {
    this.request?.destroy();
  }
}

/** Polls `read` until `check` holds on its answer (database effects that land just after a reply). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not so after ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

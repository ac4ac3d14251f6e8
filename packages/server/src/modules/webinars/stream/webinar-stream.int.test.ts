import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Role, STREAM_CLOSE, type StreamServerMessage, WEBINAR_STATUS } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { bearer, createTestApp, type TestApp } from '../../../test/app.js';
import { auditOf, FORBIDDEN } from '../../../test/http.js';
import { insertPerson, insertWebinar } from '../../../test/rooms.js';
import { playlistSeconds } from './playlist.js';
import { StreamTokens } from './stream-tokens.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field
type Json = any;

/** Ten seconds of a test pattern and a tone, as a browser's recorder makes it (WebM, VP8 and Opus). */
const CAMERA = readFileSync(fileURLToPath(new URL('../../../../../../fixtures/stream/camera-10s.webm', import.meta.url)));
const CAMERA_SECONDS = 10.008;
const WEBM = 'video/webm;codecs=vp8,opus';

/** A publisher's socket with every message it was sent, and the close it got. */
interface Publisher {
  socket: WebSocket;
  messages: StreamServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  /** resolves once a message passes `test` */
  waitFor(test: (message: StreamServerMessage) => boolean, timeoutMs?: number): Promise<StreamServerMessage>;
}

describe('the webinar’s live stream', () => {
  let t: TestApp;
  let teacher: string;
  let teacherId: number;
  let admin: string;
  let trainee: string;
  let traineeId: number;
  let planId: number;
  let topicId: number;
  let tokens: StreamTokens;

  beforeAll(async () => {
    t = await createTestApp({ STREAM_IDLE_SECONDS: '5', RECORDING_KEEP_DAYS: '30' });
    [teacher, admin, trainee] = await Promise.all([t.tokenOf(Role.Teacher), t.tokenOf(Role.Admin), t.tokenOf(Role.Trainee)]);
    teacherId = await t.idOf(Role.Teacher);
    traineeId = await t.idOf(Role.Trainee);
    const me = await t.db.selectFrom('users').select('plan_id').where('id', '=', traineeId).executeTakeFirstOrThrow();
    planId = me.plan_id as number;
    const topic = await t.db.selectFrom('topics').select('id').where('plan_id', '=', planId).executeTakeFirstOrThrow();
    topicId = topic.id;
    const key = await t.db.selectFrom('stream_url_key').select('secret').executeTakeFirstOrThrow();
    tokens = new StreamTokens(key.secret);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const liveWebinar = (values: { teacherId?: number; beginsIn?: number; ended?: boolean } = {}) =>
    insertWebinar(t.db, { planId, topicId, teacherId: values.teacherId ?? teacherId, beginsIn: values.beginsIn, ended: values.ended });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

  async function ticketFor(webinarId: number, token = teacher): Promise<string> {
    const response = await call('POST', '/api/web/streamticket', token, { WebID: webinarId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.Ticket;
  }

  async function connect(path: string): Promise<Publisher> {
    const socket = await t.app.injectWS(path);
    const messages: StreamServerMessage[] = [];
    const waiters = new Set<() => void>();
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      messages.push(JSON.parse(String(data)));
      for (const wake of waiters) wake();
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const waitFor = (test: (message: StreamServerMessage) => boolean, timeoutMs = 30_000) =>
      new Promise<StreamServerMessage>((resolve, reject) => {
        const check = () => {
          const found = messages.find(test);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    return { socket, messages, closed, waitFor };
  }

  /** Opens a publisher for the webinar and sends `start`, once the server is ready. */
  async function publisher(webinarId: number): Promise<Publisher> {
    const p = await connect(`/api/web/stream/${webinarId}?ticket=${encodeURIComponent(await ticketFor(webinarId))}`);
    await p.waitFor((m) => m.type === 'ready');
    p.socket.send(JSON.stringify({ type: 'start', mimeType: WEBM }));
    return p;
  }

  /** Sends the recording in ten pieces, as ten one-second chunks would come. */
  function sendCamera(p: Publisher) {
    const piece = Math.ceil(CAMERA.length / 10);
    for (let at = 0; at < CAMERA.length; at += piece) p.socket.send(CAMERA.subarray(at, at + piece), { binary: true });
  }

  const watch = (webinarId: number, token: string) => call('GET', `/api/web/streamwatch/${webinarId}`, token);
  const hls = (webinarId: number, file: string, token?: string) =>
    call('GET', `/api/web/hls/${webinarId}/${file}${token === undefined ? '' : `?t=${encodeURIComponent(token)}`}`);

  describe('publishing', () => {
    it('is the webinar’s own teacher’s, while it is in progress', async () => {
      const webinarId = await liveWebinar();
      const other = await insertPerson(t.db, Role.Teacher, { fullName: 'Другой Преподаватель Тестович' });
      const refusals: [string, number, string][] = [
        [admin, 403, 'Вести трансляцию может только преподаватель этого вебинара'],
        [other.token, 403, 'Это не ваш вебинар: его ведёт другой преподаватель'],
        [trainee, 403, FORBIDDEN.message],
      ];
      for (const [token, status, message] of refusals) {
        const response = await call('POST', '/api/web/streamticket', token, { WebID: webinarId });
        expect(response.statusCode, message).toBe(status);
        expect(response.json()).toEqual({ status: false, message });
      }
      for (const [values, message] of [
        [{ beginsIn: 120 }, 'Вебинар ещё не начался: вход открывается за 30 минут до начала'],
        [{ ended: true }, 'Вебинар уже завершён'],
      ] as const) {
        const response = await call('POST', '/api/web/streamticket', teacher, { WebID: await liveWebinar(values) });
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toBe(message);
      }
      const ticket = await ticketFor(webinarId);
      expect(ticket).not.toContain(teacher);
    });

    it('opens the WebSocket only with a valid ticket for that webinar, while it is in progress', async () => {
      const webinarId = await liveWebinar();
      const otherWebinar = await liveWebinar();
      const expired = tokens.sign('publish', webinarId, teacherId, 60, new Date(Date.now() - 120_000)).token;
      const watchToken = tokens.sign('watch', webinarId, teacherId, 600).token;
      const forged = tokens.sign('publish', webinarId, traineeId, 60).token;
      for (const [ticket, code] of [
        ['', STREAM_CLOSE.badTicket],
        [expired, STREAM_CLOSE.badTicket],
        [watchToken, STREAM_CLOSE.badTicket],
        [await ticketFor(otherWebinar), STREAM_CLOSE.badTicket],
        [forged, STREAM_CLOSE.forbidden],
      ] as const) {
        const p = await connect(`/api/web/stream/${webinarId}?ticket=${encodeURIComponent(ticket)}`);
        expect((await p.closed).code, ticket).toBe(code);
        expect(p.messages.some((m) => m.type === 'ready')).toBe(false);
      }
      // the webinar ended between the ticket and the connection
      const ticket = await ticketFor(webinarId);
      await t.db.updateTable('webinars').set({ ended_at: new Date() }).where('id', '=', webinarId).execute();
      const late = await connect(`/api/web/stream/${webinarId}?ticket=${encodeURIComponent(ticket)}`);
      expect((await late.closed).code).toBe(STREAM_CLOSE.notLive);
      expect(late.messages).toEqual([{ type: 'error', message: 'Вебинар уже завершён' }]);
      // a plain request to the address is told to upgrade
      const plain = await call('GET', `/api/web/stream/${webinarId}?ticket=x`);
      expect(plain.statusCode).toBe(426);
      expect(plain.json().status).toBe(false);
    });
  });

  describe('a broadcast, its viewers and its recording', () => {
    let webinarId: number;
    let first: Publisher;

    it('packages the chunks into 2-s HLS segments that a joined trainee plays', async () => {
      webinarId = await liveWebinar();
      // before anything is sent, the room waits for the teacher
      expect((await watch(webinarId, teacher)).json().data).toMatchObject({ State: 'waiting' });
      first = await publisher(webinarId);
      sendCamera(first);
      await first.waitFor((m) => m.type === 'live' && m.segments >= 3);

      // a trainee of the plan who did not join the room (where the face check stands) may not watch live
      const notJoined = await watch(webinarId, trainee);
      expect(notJoined.statusCode).toBe(403);
      expect(notJoined.json().message).toBe('Сначала войдите в вебинар: трансляция открывается после входа');
      expect((await call('POST', '/api/web/setattend', trainee, { WebID: webinarId })).statusCode).toBe(200);
      const access = (await watch(webinarId, trainee)).json().data;
      expect(access).toMatchObject({ State: 'live', Token: expect.any(String) });
      expect(access.Url).toBe(`/api/web/hls/${webinarId}/index.m3u8?t=${encodeURIComponent(access.Token)}`);
      expect(new Date(access.ExpiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

      const playlist = await t.app.inject({ method: 'GET', url: access.Url });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
      expect(playlist.body).toContain('#EXT-X-TARGETDURATION:');
      expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
      const segment = playlist.body.split('\n').find((line) => /^\d+\.ts\?t=/.test(line));
      expect(segment).toBeDefined();
      const bytes = await t.app.inject({ method: 'GET', url: `/api/web/hls/${webinarId}/${segment}` });
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('video/mp2t');
      // media, not a page: no page policy, but never sniffed as something else
      expect(bytes.headers['x-content-type-options']).toBe('nosniff');
      expect(bytes.headers['content-security-policy']).toBeUndefined();
      // MPEG-TS packets of 188 bytes, each starting with the sync byte
      expect(bytes.rawPayload[0]).toBe(0x47);
      expect(bytes.rawPayload[188]).toBe(0x47);
    }, 60_000);

    it('refuses the playlist and segments without a valid token', async () => {
      const valid = tokens.sign('watch', webinarId, traineeId, 600).token;
      expect((await hls(webinarId, 'index.m3u8', valid)).statusCode).toBe(200);
      const expired = tokens.sign('watch', webinarId, traineeId, 60, new Date(Date.now() - 61_000)).token;
      const otherWebinar = tokens.sign('watch', webinarId + 1, traineeId, 600).token;
      const publish = tokens.sign('publish', webinarId, teacherId, 600).token;
      for (const file of ['index.m3u8', '0.ts']) {
        for (const token of [undefined, '', expired, otherWebinar, publish, `${valid}x`]) {
          const response = await hls(webinarId, file, token);
          expect(response.statusCode, `${file} with ${token}`).toBe(403);
          expect(response.json()).toEqual({ status: false, message: 'Ссылка на видео устарела или недействительна: обновите страницу' });
        }
      }
      // the session token opens nothing here either
      const withSession = await t.app.inject({ method: 'GET', url: `/api/web/hls/${webinarId}/index.m3u8`, headers: bearer(trainee) });
      expect(withSession.statusCode).toBe(403);
      // a trainee of another plan does not get a token at all
      const outsider = await insertPerson(t.db, Role.Trainee, { planId: null });
      expect((await watch(webinarId, outsider.token)).statusCode).toBe(404);
    });

    it('continues the same broadcast after a reconnect, and restarts a packager that crashed', async () => {
      // the socket goes (or went silent past STREAM_IDLE_SECONDS meanwhile): its take is packaged to the end
      first.socket.close();
      await first.closed;
      const segmentsOf = async () =>
        (await t.db.selectFrom('stream_segments').select('seq').where('webinar_id', '=', webinarId).execute()).length;
      await expect.poll(segmentsOf, { timeout: 15_000 }).toBe(5);
      const second = await publisher(webinarId);
      const broadcast = t.app.services.webinarStream.broadcastOf(webinarId);
      await expect.poll(() => broadcast?.packagerPid).toBeGreaterThan(0);
      process.kill(broadcast?.packagerPid as number, 'SIGKILL');
      await second.waitFor((m) => m.type === 'restart');
      second.socket.send(JSON.stringify({ type: 'start', mimeType: WEBM }));
      sendCamera(second);
      await second.waitFor((m) => m.type === 'live' && m.segments >= 3);
      second.socket.send(JSON.stringify({ type: 'stop' }));
      await second.waitFor((m) => m.type === 'live' && m.segments >= 5);
      const rows = await t.db
        .selectFrom('stream_segments')
        .select(['seq', 'take', 'disc_seq'])
        .where('webinar_id', '=', webinarId)
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
      expect(new Set(rows.map((r) => r.disc_seq))).toEqual(new Set([0, 1]));
      second.socket.close();
      await second.closed;
    }, 60_000);

    it('becomes a VOD recording when the webinar ends, as long as what was sent', async () => {
      const ended = await call('POST', `/api/web/endweb/id:${webinarId}`, teacher);
      expect(ended.statusCode).toBe(200);
      const access = (await watch(webinarId, trainee)).json().data;
      expect(access.State).toBe('recording');
      const playlist = (await t.app.inject({ method: 'GET', url: access.Url })).body;
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      expect(playlist.match(/^#EXT-X-DISCONTINUITY$/gm)).toHaveLength(1);
      // two sends of the ten-second recording, within one segment
      expect(Math.abs(playlistSeconds(playlist) - 2 * CAMERA_SECONDS)).toBeLessThanOrEqual(2);
      expect(access.Duration).toBeCloseTo(playlistSeconds(playlist), 2);
      // read back as it was stored at the end, not recomputed from the segments
      await t.db.deleteFrom('stream_segments').where('webinar_id', '=', webinarId).where('seq', '=', 0).execute();
      const again = (await t.app.inject({ method: 'GET', url: access.Url })).body;
      expect(again).toBe(playlist);
      const list = (await call('GET', '/api/web/getuserweb', trainee)).json().data as Json[];
      expect(list.find((w) => w.ID === webinarId)?.HasRecording).toBe(true);
      // nothing more can be published to it
      expect((await call('POST', '/api/web/streamticket', teacher, { WebID: webinarId })).statusCode).toBe(422);
    }, 30_000);

    it('counts watch time no faster than the clock, and shows it to staff', async () => {
      const beat = (seconds: number, recording: boolean) =>
        call('POST', '/api/web/watchtime', trainee, { WebID: webinarId, Seconds: seconds, Recording: recording });
      expect((await beat(90, false)).statusCode).toBe(200);
      // a second heartbeat at once adds only what the clock allows
      expect((await beat(120, false)).statusCode).toBe(200);
      expect((await beat(120, true)).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('webinar_watch_time')
        .select(['live_seconds', 'recording_seconds'])
        .where('webinar_id', '=', webinarId)
        .where('user_id', '=', traineeId)
        .executeTakeFirstOrThrow();
      expect(row.live_seconds).toBeGreaterThanOrEqual(95);
      expect(row.live_seconds).toBeLessThanOrEqual(100);
      expect(row.recording_seconds).toBeLessThanOrEqual(10);
      const details = (await call('GET', `/api/web/getweb/${webinarId}`, admin)).json().data;
      expect(details.UsersOnline.find((a: Json) => a.ID === traineeId)).toMatchObject({ WatchedMinutes: 1, RecordingMinutes: 0 });
      expect((await call('POST', '/api/web/watchtime', trainee, { WebID: webinarId, Seconds: 121 })).statusCode).toBe(400);
    });

    it('lets an administrator delete the recording with its files', async () => {
      const stream = await t.db
        .selectFrom('webinar_streams')
        .select('folder')
        .where('webinar_id', '=', webinarId)
        .executeTakeFirstOrThrow();
      const stored = async () => {
        let count = 0;
        for await (const _ of t.storage.list(`${stream.folder}/`)) count += 1;
        return count;
      };
      expect(await stored()).toBeGreaterThan(5);
      expect((await call('DELETE', `/api/web/recording/${webinarId}`, teacher)).statusCode).toBe(403);
      const removed = await call('DELETE', `/api/web/recording/${webinarId}`, admin);
      expect(removed.json()).toEqual({ status: true, message: 'Запись вебинара удалена' });
      expect(await stored()).toBe(0);
      expect((await watch(webinarId, trainee)).json().data.State).toBe('none');
      expect((await call('DELETE', `/api/web/recording/${webinarId}`, admin)).statusCode).toBe(404);
      expect((await auditOf(t, webinarId, 'webinar.recording')).map((a) => a.action)).toEqual(['webinar.recording.delete']);
    });
  });

  it('closes a broadcast that stops sending, and its ffmpeg with it', async () => {
    const webinarId = await liveWebinar();
    const p = await publisher(webinarId);
    const broadcast = t.app.services.webinarStream.broadcastOf(webinarId);
    await expect.poll(() => broadcast?.packagerPid).toBeGreaterThan(0);
    const pid = broadcast?.packagerPid as number;
    const started = Date.now();
    expect((await p.closed).code).toBe(STREAM_CLOSE.idle);
    // STREAM_IDLE_SECONDS is 5 here
    expect(Date.now() - started).toBeLessThan(9000);
    expect(() => process.kill(pid, 0)).toThrow();
  }, 20_000);

  it('deletes recordings older than RECORDING_KEEP_DAYS', async () => {
    const webinarId = await liveWebinar();
    await t.db.insertInto('webinar_streams').values({ webinar_id: webinarId, folder: 'streams/aaaaaaaaaaaaaaaaaaaaaa' }).execute();
    await t.storage.put('streams/aaaaaaaaaaaaaaaaaaaaaa/0.ts', Buffer.from('segment'));
    await t.db.updateTable('webinars').set({ ended_at: new Date() }).where('id', '=', webinarId).execute();
    expect((await watch(webinarId, admin)).json().data.State).toBe('recording');
    const service = t.app.services.webinarStream;
    expect(await service.deleteExpiredRecordings(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await service.deleteExpiredRecordings(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await t.storage.size('streams/aaaaaaaaaaaaaaaaaaaaaa/0.ts')).toBeNull();
    expect((await watch(webinarId, admin)).json().data.State).toBe('none');
    expect(WEBINAR_STATUS.Finished).toBe('Завершен');
  });
});

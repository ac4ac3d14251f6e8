import { randomBytes } from 'node:crypto';
import { type Language, type StreamWatch, WEBINAR_STATUS } from '@oqu/contracts';
import { forbidden, notFound, unavailable, unprocessable } from '../../../errors.js';
import { translate } from '../../../i18n/messages.js';
import { removeUnder, type Storage } from '../../../plugins/storage.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { publishesWebinar } from '../webinars.policy.js';
import type { WebinarsService } from '../webinars.service.js';
import { Broadcast, type PublisherSocket } from './broadcast.js';
import type { PackagedSegment } from './packager.js';
import { LIVE_WINDOW_SEGMENTS, mediaPlaylist, withToken } from './playlist.js';
import { StreamTokens } from './stream-tokens.js';
import type { WebinarStreamRepository } from './webinar-stream.repository.js';

export interface StreamSettings {
  /** the ffmpeg that packages broadcasts; null when none was found (broadcasting refuses, saying so) */
  ffmpeg: string | null;
  /** a broadcast silent this long is closed */
  idleSeconds: number;
  /** how long a signed playlist and segment address opens them */
  urlMinutes: number;
  /** recordings are deleted this long after they were made; undefined: kept */
  keepDays?: number;
}

/** A publish ticket opens the WebSocket within this. */
const TICKET_SECONDS = 60;
/** A live playlist read from the database serves every viewer of this process for this long (another process's new segment shows within it). */
const LIVE_PLAYLIST_MS = 1000;
/** A recording's playlist never changes; it is read again only to notice a deletion. */
const RECORDING_PLAYLIST_MS = 60_000;
/** Recent segments are kept in memory: every viewer fetches the same few. */
const SEGMENT_CACHE_BYTES = 64_000_000;
/** Verified watch tokens remembered at most (one per viewer and webinar). */
const ADMITTED_TOKENS_MAX = 50_000;
/** Retention is applied at start-up and every hour. */
const SWEEP_INTERVAL_MS = 3600_000;

const folderKey = (folder: string, seq: number) => `${folder}/${seq}.ts`;

/**
 * The webinar's own live stream: the teacher's publish tickets and broadcasts, the viewers' signed
 * playlists and segments, watch time, and the recording the stream becomes when the webinar ends.
 */
export class WebinarStreamService {
  private tokensRead?: Promise<StreamTokens>;
  /** the broadcasts this process holds, by webinar: one each (a new connection replaces the old) */
  private readonly broadcasts = new Map<number, Broadcast>();
  private readonly playlists = new Map<number, { at: number; ttl: number; read: Promise<PlaylistState> }>();
  private readonly folders = new Map<number, string>();
  private readonly segments = new SegmentCache(SEGMENT_CACHE_BYTES);
  /** watch tokens already verified, to their expiry: a viewer's every request would redo the HMAC */
  private readonly admitted = new Map<string, number>();
  private log: (message: string, details?: Record<string, unknown>) => void = () => {};

  constructor(
    private readonly repository: WebinarStreamRepository,
    private readonly webinars: WebinarsService,
    private readonly storage: Storage,
    private readonly audit: AuditService,
    private readonly settings: StreamSettings,
  ) {}

  logTo(log: (message: string, details?: Record<string, unknown>) => void) {
    this.log = log;
  }

  private tokens(): Promise<StreamTokens> {
    this.tokensRead ??= this.repository.urlKey().then((key) => new StreamTokens(key));
    return this.tokensRead;
  }

  // ——— publishing ———

  /** POST /api/web/streamticket: the webinar's own teacher, while it is 'В процессе', with an ffmpeg to package it. */
  async publishTicket(user: AuthUser, webinarId: number) {
    const row = await this.webinars.runnable(user, webinarId);
    if (!publishesWebinar(user, row)) throw forbidden('stream_teacher_only');
    requireLive(row.status);
    if (!this.settings.ffmpeg) throw unavailable('stream_no_ffmpeg');
    const { token, expiresAt } = (await this.tokens()).sign('publish', webinarId, user.id, TICKET_SECONDS);
    return { Ticket: token, ExpiresAt: expiresAt.toISOString(), Path: `/api/web/stream/${webinarId}?ticket=${encodeURIComponent(token)}` };
  }

  /**
   * A publisher's WebSocket: the ticket names the teacher; the webinar must still be theirs and
   * 'В процессе' now. Answers the refusal (close code and message) or the broadcast it began.
   */
  async connect(
    webinarId: number,
    ticket: string | undefined,
    socket: PublisherSocket,
    language: Language,
  ): Promise<
    | {
        refused: {
          code: number;
          reason: 'stream_ticket_invalid' | 'stream_teacher_only' | 'webinar_finished' | 'webinar_not_yet' | 'stream_no_ffmpeg';
        };
      }
    | { broadcast: Broadcast }
  > {
    const grant = (await this.tokens()).verify('publish', ticket, webinarId);
    if (!grant) return { refused: { code: 4401, reason: 'stream_ticket_invalid' } };
    const row = await this.webinars.streamAccess(webinarId);
    if (!row || row.teacher_id !== grant.userId) return { refused: { code: 4403, reason: 'stream_teacher_only' } };
    if (row.status !== WEBINAR_STATUS.Live) {
      return { refused: { code: 4422, reason: row.status === WEBINAR_STATUS.Waiting ? 'webinar_not_yet' : 'webinar_finished' } };
    }
    const ffmpeg = this.settings.ffmpeg;
    if (!ffmpeg) return { refused: { code: 4422, reason: 'stream_no_ffmpeg' } };
    const folder = await this.folderOf(webinarId, true);
    // the teacher reconnected, or opened a second tab: the newest connection broadcasts
    const previous = this.broadcasts.get(webinarId);
    if (previous) await previous.close(4409, 'stream_replaced');
    const broadcast = new Broadcast(webinarId, socket, {
      ffmpeg,
      idleMs: this.settings.idleSeconds * 1000,
      beginTake: (id) => this.repository.beginTake(id),
      publish: (id, segment) => this.publishSegment(id, folder, segment),
      text: (key) => translate(key, language),
      log: (message, details) => this.log(message, details),
    });
    this.broadcasts.set(webinarId, broadcast);
    return { broadcast };
  }

  /** The publisher's socket closed: its take is still packaged, then the broadcast is forgotten. */
  async disconnected(broadcast: Broadcast) {
    await broadcast.disconnected();
    if (this.broadcasts.get(broadcast.webinarId) === broadcast) this.broadcasts.delete(broadcast.webinarId);
  }

  /** Stores a segment, then lists it: a viewer never finds a listed segment missing. */
  private async publishSegment(
    webinarId: number,
    folder: string,
    segment: PackagedSegment & { seq: number; take: number; capturedAt: Date },
  ) {
    const key = folderKey(folder, segment.seq);
    await this.storage.put(key, segment.bytes);
    this.segments.set(key, segment.bytes);
    const listed = await this.repository.addSegment(webinarId, {
      seq: segment.seq,
      take: segment.take,
      durationMs: segment.durationMs,
      bytes: segment.bytes.length,
      capturedAt: segment.capturedAt,
    });
    this.playlists.delete(webinarId);
    return listed;
  }

  /** The broadcast this process holds for the webinar (the tests crash its packager). */
  broadcastOf(webinarId: number): Broadcast | undefined {
    return this.broadcasts.get(webinarId);
  }

  /**
   * The webinar ended: a broadcast held here packages what it was sent, then the stream becomes its
   * recording — the VOD playlist as it is now, stored and never recomputed. Asked by the end of the
   * webinar, and by the first viewer of one that ended by the clock.
   */
  async finish(webinarId: number) {
    const broadcast = this.broadcasts.get(webinarId);
    if (broadcast) {
      this.broadcasts.delete(webinarId);
      await broadcast.close(4422, 'webinar_finished');
    }
    if (await this.repository.finalise(webinarId, (segments) => mediaPlaylist(segments, true))) {
      this.log('webinar recording finalised', { webinarId });
    }
    this.playlists.delete(webinarId);
  }

  // ——— watching ———

  /**
   * GET /api/web/streamwatch/{id}: what the caller can play and its signed address. Staff who read
   * the webinar, and trainees of its plan: live only once they joined the room (past the face check),
   * the recording without.
   */
  async watch(user: AuthUser, webinarId: number): Promise<StreamWatch> {
    const { row, staff } = await this.webinars.readAccess(user, webinarId);
    if (row.status === WEBINAR_STATUS.Finished) await this.finishIfBroadcast(webinarId);
    const stream = row.status === WEBINAR_STATUS.Waiting ? undefined : await this.repository.stream(webinarId);
    const none = { State: 'none', Url: null, ExpiresAt: null, Token: null, Duration: null } as const;
    if (!stream) return row.status === WEBINAR_STATUS.Live ? await this.grant(user, webinarId, 'waiting', null, staff) : none;
    if (row.status === WEBINAR_STATUS.Finished) {
      return stream.duration_ms === null ? none : this.grant(user, webinarId, 'recording', stream.duration_ms / 1000, true);
    }
    const ms = await this.repository.broadcastMs(webinarId);
    return this.grant(user, webinarId, ms > 0 ? 'live' : 'waiting', ms / 1000, staff);
  }

  private async grant(
    user: AuthUser,
    webinarId: number,
    state: 'waiting' | 'live' | 'recording',
    seconds: number | null,
    admitted: boolean,
  ) {
    // live, a trainee's way in is the join (where the face check stands)
    if (!admitted && !(await this.repository.joined(webinarId, user.id))) throw forbidden('stream_join_first');
    const { token, expiresAt } = (await this.tokens()).sign('watch', webinarId, user.id, this.settings.urlMinutes * 60);
    return {
      State: state,
      Url: `/api/web/hls/${webinarId}/index.m3u8?t=${encodeURIComponent(token)}`,
      ExpiresAt: expiresAt.toISOString(),
      Token: token,
      Duration: seconds,
    };
  }

  private async finishIfBroadcast(webinarId: number) {
    const stream = await this.repository.stream(webinarId);
    if (stream && stream.finalised_at === null) await this.finish(webinarId);
  }

  /** GET /api/web/hls/{id}/index.m3u8: the live window, or the recording as it was finalised; 403 without a valid token. */
  async playlist(webinarId: number, token: string | undefined): Promise<string> {
    await this.admitViewer(webinarId, token);
    const state = await this.playlistState(webinarId);
    if (!state) throw notFound('recording_not_found');
    return withToken(state.text, token ?? '');
  }

  /** GET /api/web/hls/{id}/{seq}.ts: a segment's bytes; 403 without a valid token. */
  async segment(webinarId: number, seq: number, token: string | undefined): Promise<Buffer> {
    await this.admitViewer(webinarId, token);
    const folder = await this.folderOf(webinarId, false);
    if (!folder) throw notFound('stream_segment_not_found');
    const key = folderKey(folder, seq);
    const cached = this.segments.get(key);
    if (cached) return cached;
    const file = await this.storage.read(key);
    if (!file) throw notFound('stream_segment_not_found');
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    this.segments.set(key, bytes);
    return bytes;
  }

  /** A valid watch token for the webinar; each is checked once and then remembered until it expires. */
  private async admitViewer(webinarId: number, token: string | undefined) {
    const key = `${webinarId}:${token}`;
    const known = this.admitted.get(key);
    if (known !== undefined && known > Date.now()) return;
    const grant = (await this.tokens()).verify('watch', token, webinarId);
    if (!grant) throw forbidden('stream_link_expired');
    // a thousand viewers hold a token each; past that many, forget them all rather than sort by age
    if (this.admitted.size >= ADMITTED_TOKENS_MAX) this.admitted.clear();
    this.admitted.set(key, grant.expiresAt.getTime());
  }

  /** The playlist every viewer of this process shares for a moment: one database read however many ask. */
  private playlistState(webinarId: number): Promise<PlaylistState> {
    const cached = this.playlists.get(webinarId);
    if (cached && Date.now() - cached.at < cached.ttl) return cached.read;
    const entry = { at: Date.now(), ttl: LIVE_PLAYLIST_MS, read: this.readPlaylist(webinarId) };
    this.playlists.set(webinarId, entry);
    entry.read.then(
      (state) => {
        if (state?.ended) entry.ttl = RECORDING_PLAYLIST_MS;
      },
      () => this.playlists.delete(webinarId),
    );
    return entry.read;
  }

  private async readPlaylist(webinarId: number): Promise<PlaylistState> {
    const stream = await this.repository.stream(webinarId);
    if (!stream) return null;
    if (stream.playlist !== null) return { text: stream.playlist, ended: true };
    return { text: mediaPlaylist(await this.repository.lastSegments(webinarId, LIVE_WINDOW_SEGMENTS), false), ended: false };
  }

  /** The storage folder of the webinar's segments (made on the first broadcast when `make`); it never changes. */
  private async folderOf(webinarId: number, make: true): Promise<string>;
  private async folderOf(webinarId: number, make: false): Promise<string | undefined>;
  private async folderOf(webinarId: number, make: boolean): Promise<string | undefined> {
    const known = this.folders.get(webinarId);
    if (known) return known;
    const folder = make
      ? await this.repository.ensureStream(webinarId, `streams/${randomBytes(16).toString('base64url')}`)
      : (await this.repository.stream(webinarId))?.folder;
    if (folder) this.folders.set(webinarId, folder);
    return folder;
  }

  /** POST /api/web/watchtime: seconds the caller's player played, for whoever may watch it. */
  async addWatchTime(user: AuthUser, body: { WebID: number; Seconds: number; Recording: boolean }) {
    await this.webinars.readAccess(user, body.WebID);
    await this.repository.addWatchTime(body.WebID, user.id, body.Seconds, body.Recording);
  }

  // ——— recordings ———

  /** DELETE /api/web/recording/{id}: an administrator, once the webinar ended; the segments' files go too. */
  async removeRecording(user: AuthUser, webinarId: number) {
    const { row } = await this.webinars.readAccess(user, webinarId);
    if (row.status !== WEBINAR_STATUS.Finished) throw unprocessable('recording_live');
    const stream = await this.repository.stream(webinarId);
    if (!stream || stream.finalised_at === null) throw notFound('recording_not_found');
    await this.deleteRecording(webinarId);
    await this.audit.record(user.id, 'webinar.recording.delete', webinarId, { seconds: (stream.duration_ms ?? 0) / 1000 });
  }

  private async deleteRecording(webinarId: number) {
    const folder = await this.repository.deleteStream(webinarId);
    this.playlists.delete(webinarId);
    this.folders.delete(webinarId);
    if (!folder) return;
    await removeUnder(this.storage, folder);
    this.segments.forget(`${folder}/`);
  }

  /** Deletes the recordings older than RECORDING_KEEP_DAYS (none when unset). */
  async deleteExpiredRecordings(now = new Date()): Promise<number> {
    if (this.settings.keepDays === undefined) return 0;
    const expired = await this.repository.recordingsFinalisedBefore(new Date(now.getTime() - this.settings.keepDays * 86_400_000));
    for (const webinarId of expired) {
      await this.deleteRecording(webinarId);
      this.log('webinar recording deleted after RECORDING_KEEP_DAYS', { webinarId });
    }
    return expired.length;
  }

  /** Applies the retention now and every hour while the app lives; answers the stop. */
  async startSweeper(onError: (error: unknown) => void) {
    const sweep = () => this.deleteExpiredRecordings().catch(onError);
    await sweep();
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The server is stopping: each broadcast packages what it was sent. */
  async close() {
    const open = [...this.broadcasts.values()];
    this.broadcasts.clear();
    await Promise.all(open.map((broadcast) => broadcast.close(1001, 'webinar_finished')));
  }
}

type PlaylistState = { text: string; ended: boolean } | null;

function requireLive(status: string) {
  if (status === WEBINAR_STATUS.Waiting) throw unprocessable('webinar_not_yet');
  if (status === WEBINAR_STATUS.Finished) throw unprocessable('webinar_finished');
}

/** The newest segments' bytes, up to a total size; the oldest are dropped first. */
class SegmentCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string) {
    return this.entries.get(key);
  }

  set(key: string, value: Buffer) {
    if (this.entries.has(key) || value.length > this.maxBytes / 8) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytes.length;
    }
  }

  /** Drops every entry under a prefix (a deleted recording). */
  forget(prefix: string) {
    for (const [key, bytes] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      this.bytes -= bytes.length;
    }
  }
}

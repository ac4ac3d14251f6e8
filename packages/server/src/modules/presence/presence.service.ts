import { WEBINAR_EVENT_HEARTBEAT_SECONDS } from '@oqu/contracts';
import type { Notifier } from '../../plugins/notify.js';
import type { WebinarEventHub } from '../../plugins/realtime.js';
import type { SessionsToEnd } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { RoomAccess, WebinarsService } from '../webinars/webinars.service.js';
import type { PresenceRepository } from './presence.repository.js';

/**
 * An SSE frame encoded once for every stream that gets it: as plain bytes, and as one HTTP/1.1
 * chunk (size line, bytes, CRLF) for responses in chunked encoding, so a connection can hand it to
 * its socket in one write with no per-viewer work.
 */
export class EncodedFrame {
  private plain: Buffer | null = null;
  private chunk: Buffer | null = null;

  constructor(readonly text: string) {}

  get raw(): Buffer {
    this.plain ??= Buffer.from(this.text);
    return this.plain;
  }

  get chunked(): Buffer {
    this.chunk ??= Buffer.concat([Buffer.from(`${this.raw.length.toString(16)}\r\n`), this.raw, Buffer.from('\r\n')]);
    return this.chunk;
  }
}

/** Where a stream's bytes go: the route adapts the HTTP response to this. */
export interface EventConnection {
  /** Writes a frame; answers false when the client is not reading fast enough (the frame is queued). */
  write(frame: EncodedFrame): boolean;
  /** Bytes queued for a client that does not read. */
  readonly queued: number;
  /** Ends the response (the route's close handler then calls `PresenceService.close`). */
  end(): void;
}

export interface PresenceSettings {
  heartbeatMs: number;
  /** At most one `online` event per webinar per this many ms, from each process. */
  onlineEveryMs: number;
  /** The first `online` of a burst waits this long, so a crowd arriving at once is counted once. */
  onlineGatherMs: number;
  /** A client that leaves this much unread is dropped; it reconnects and reloads. */
  maxQueuedBytes: number;
  /** Streams one session may hold open on all processes together; opening one more ends its oldest. */
  streamsPerSession: number;
  log: (message: string, error?: unknown) => void;
}

const DEFAULTS: PresenceSettings = {
  heartbeatMs: WEBINAR_EVENT_HEARTBEAT_SECONDS * 1000,
  onlineEveryMs: 2000,
  onlineGatherMs: 100,
  maxQueuedBytes: 1 << 20,
  streamsPerSession: 5,
  log: () => {},
};

/** Who opens a stream: the caller and their session, which the stream lives no longer than. */
export interface StreamSession {
  user: AuthUser;
  tokenHash: string;
}

/** An open event stream of this process. */
export interface RoomStream {
  readonly webinarId: number;
  readonly planId: number;
  readonly userId: number;
  readonly tokenHash: string;
  /** Its presence row, once inserted. */
  rowId: number | null;
  closed: boolean;
  unsubscribe: () => void;
  readonly connection: EventConnection;
}

interface OnlineState {
  /** Streams of the webinar open on this process. */
  local: number;
  timer: NodeJS.Timeout | null;
  lastSent: number;
}

const READY = new EncodedFrame(': ready\n\n');
const HEARTBEAT = new EncodedFrame(': heartbeat\n\n');
/** The channel on which a process asks the others to end streams of theirs a newer one superseded (presence row ids). */
export const SUPERSEDED_STREAMS_CHANNEL = 'oqu_streams';

/**
 * Told to a stream ended for a newer one of its session: its client waits this long before it comes
 * back, so that tabs over the limit take turns slowly instead of pushing each other out every second.
 */
const SUPERSEDED = new EncodedFrame('retry: 30000\n\n');

/**
 * The room's event stream and the presence it records (opened, seen by the heartbeat, closed).
 *
 * Writes are batched so that thousands of viewers cost a few statements: one heartbeat timer per
 * process refreshes `seen_at` of all its streams in one UPDATE, streams closing together are closed
 * in one UPDATE, and the `online` count is published at most once per webinar every 2 s (each one
 * read from the database, so it counts every process's viewers).
 */
export class PresenceService {
  private readonly settings: PresenceSettings;
  private readonly streams = new Set<RoomStream>();
  /** Open streams of each session (by token hash), oldest first. */
  private readonly bySession = new Map<string, RoomStream[]>();
  private readonly online = new Map<number, OnlineState>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closing: RoomStream[] = [];
  private closeTimer: NodeJS.Timeout | null = null;
  /** Writes under way (inserts, closes, heartbeats), awaited by `shutdown`. */
  private readonly pending = new Set<Promise<unknown>>();
  private shuttingDown = false;
  private lastEncoded = new EncodedFrame('');

  constructor(
    private readonly repository: PresenceRepository,
    private readonly webinars: WebinarsService,
    private readonly events: WebinarEventHub,
    private readonly notifier: Notifier,
    settings: Partial<PresenceSettings> = {},
  ) {
    this.settings = { ...DEFAULTS, ...settings };
  }

  /** Where failed background writes, and the event hub's failures, are reported (the app's logger). */
  logTo(log: PresenceSettings['log']) {
    this.settings.log = log;
    this.events.logTo(log);
  }

  /** Starts hearing the other processes end streams of this one that a newer stream of their session superseded. */
  async start(): Promise<void> {
    if (!this.notifier.shared) return;
    await this.notifier.listen(SUPERSEDED_STREAMS_CHANNEL, (payload) => this.endSuperseded(payload.split(',').map(Number)));
  }

  /** Whether the caller may open the room's stream (404 when they may not see the webinar, 403 for a trainee before the face check). */
  async roomAccess(user: AuthUser, webinarId: number): Promise<RoomAccess> {
    const access = await this.webinars.roomAccess(user, webinarId);
    await this.webinars.requireFaceCheck(user, webinarId);
    return access;
  }

  /**
   * Starts a stream on `connection`: once its presence row is written it hears the webinar's events
   * and is told `: ready`, so a room that loads its data after `: ready` counts itself online and
   * misses no event. The caller must call `close` when the connection ends, whenever that is.
   * The stream ends with its session (see `endStreamsOf`); a session's streams beyond
   * `streamsPerSession`, counted over every process by their presence rows, end oldest first.
   */
  open({ user, tokenHash }: StreamSession, access: RoomAccess, connection: EventConnection): RoomStream {
    const stream: RoomStream = {
      webinarId: access.webinarId,
      planId: access.planId,
      userId: user.id,
      tokenHash,
      rowId: null,
      closed: false,
      unsubscribe: () => {},
      connection,
    };
    if (this.shuttingDown) {
      stream.closed = true;
      connection.end();
      return stream;
    }
    const ofSession = this.bySession.get(tokenHash) ?? [];
    ofSession.push(stream);
    this.bySession.set(tokenHash, ofSession);
    this.streams.add(stream);
    this.onlineState(access.webinarId).local += 1;
    this.startHeartbeat();
    this.track(
      this.repository.open(access.webinarId, user.id, tokenHash, this.settings.streamsPerSession - 1).then(
        (opened) => {
          // the session ended after the caller was let in; had it ended later, `endStreamsOf` found this stream
          if (opened === null) return this.end(stream);
          stream.rowId = opened.rowId;
          if (opened.superseded.length > 0) this.supersede(opened.superseded);
          // the client left while the row was being written
          if (stream.closed) return this.queueClose(stream);
          stream.unsubscribe = this.events.subscribe(access.webinarId, (frame) => this.send(stream, this.encode(frame)));
          connection.write(READY);
          this.announce(stream);
        },
        (error) => {
          this.settings.log('presence: recording an open stream failed', error);
          connection.end();
        },
      ),
    );
    return stream;
  }

  /** The stream's connection ended: it hears nothing more and its presence row is closed. */
  close(stream: RoomStream): void {
    if (stream.closed) return;
    stream.closed = true;
    stream.unsubscribe();
    this.streams.delete(stream);
    const ofSession = this.bySession.get(stream.tokenHash) ?? [];
    if (ofSession.includes(stream)) ofSession.splice(ofSession.indexOf(stream), 1);
    if (ofSession.length === 0) this.bySession.delete(stream.tokenHash);
    const state = this.online.get(stream.webinarId);
    if (state) state.local -= 1;
    if (this.streams.size === 0) this.stopHeartbeat();
    // a row still being inserted is closed once it is there (see `open`)
    if (stream.rowId !== null) this.queueClose(stream);
  }

  /** Streams open on this process. */
  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Sessions ended (here or on another process): their streams end now. A person's sessions ending
   * may spare one (a password change keeps the caller's), and `null` means endings may have gone
   * unheard: those streams are kept only if their session is still in the database.
   */
  endStreamsOf(ended: SessionsToEnd | null): void {
    if (ended && 'tokenHash' in ended) {
      for (const stream of [...(this.bySession.get(ended.tokenHash) ?? [])]) this.end(stream);
      return;
    }
    const ofPerson = [...this.bySession.entries()].filter(([, streams]) => ended === null || streams[0]?.userId === ended.userId);
    this.track(this.endUnlessLive(ofPerson.map(([tokenHash]) => tokenHash)));
  }

  /**
   * The server is stopping: every stream ends now and its row is closed before this resolves, so
   * nothing stays open in the database and no request holds the close up.
   */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    this.stopHeartbeat();
    for (const state of this.online.values()) if (state.timer) clearTimeout(state.timer);
    this.online.clear();
    const streams = [...this.streams];
    for (const stream of streams) this.end(stream);
    // rows still being inserted, then every close
    await Promise.allSettled([...this.pending]);
    await this.flushCloses();
    await Promise.allSettled([...this.pending]);
  }

  /**
   * The hub hands the same frame to every stream of a room in turn: it is encoded for the first and
   * reused for the rest (a string compared with itself is a pointer comparison).
   */
  private encode(text: string): EncodedFrame {
    if (this.lastEncoded.text !== text) this.lastEncoded = new EncodedFrame(text);
    return this.lastEncoded;
  }

  private send(stream: RoomStream, frame: EncodedFrame) {
    if (stream.closed) return;
    // a client that stopped reading would hold memory for every event to come
    if (stream.connection.queued > this.settings.maxQueuedBytes) this.end(stream);
    else stream.connection.write(frame);
  }

  /**
   * Ends the streams of these presence rows: those of this process at once, the others through the
   * processes that hold them. Their clients are told to wait before they come back, so that tabs over
   * the limit take turns slowly instead of pushing each other out every second.
   */
  private supersede(rowIds: number[]) {
    const elsewhere = this.endSuperseded(rowIds);
    if (elsewhere.length === 0 || !this.notifier.shared) return;
    this.track(
      this.notifier
        .notify(SUPERSEDED_STREAMS_CHANNEL, elsewhere.join(','))
        .catch((error) => this.settings.log('presence: asking the other processes to end superseded streams failed', error)),
    );
  }

  /** Ends the streams of this process among these presence rows; answers the rows it does not hold. */
  private endSuperseded(rowIds: number[]): number[] {
    const wanted = new Set(rowIds);
    for (const stream of [...this.streams]) {
      if (stream.rowId === null || !wanted.delete(stream.rowId)) continue;
      stream.connection.write(SUPERSEDED);
      this.end(stream);
    }
    return [...wanted];
  }

  /** Ends a stream from the server's side. */
  private end(stream: RoomStream) {
    this.close(stream);
    stream.connection.end();
  }

  /** Ends the streams of those sessions that no longer live (ended, or expired). */
  private async endUnlessLive(tokenHashes: string[]) {
    if (tokenHashes.length === 0) return;
    try {
      const live = await this.repository.liveSessions(tokenHashes);
      for (const tokenHash of tokenHashes) {
        if (!live.has(tokenHash)) for (const stream of [...(this.bySession.get(tokenHash) ?? [])]) this.end(stream);
      }
    } catch (error) {
      this.settings.log('presence: checking the sessions of open streams failed', error);
    }
  }

  private startHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.beat(), this.settings.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * A comment to every stream (proxies keep it, dead connections show), one UPDATE for all rows,
   * and one SELECT that ends streams whose session expired or whose ending went unheard.
   */
  private beat() {
    const ids: number[] = [];
    for (const stream of this.streams) {
      this.send(stream, HEARTBEAT);
      if (stream.rowId !== null && !stream.closed) ids.push(stream.rowId);
    }
    this.track(this.repository.touch(ids).catch((error) => this.settings.log('presence: heartbeat update failed', error)));
    this.track(this.endUnlessLive([...this.bySession.keys()]));
  }

  private queueClose(stream: RoomStream) {
    this.closing.push(stream);
    if (this.closeTimer || this.shuttingDown) return;
    // a crowd leaving together (the webinar ends, a proxy restarts) is closed in one statement
    this.closeTimer = setTimeout(() => {
      this.closeTimer = null;
      void this.flushCloses();
    }, 20);
    this.closeTimer.unref();
  }

  private flushCloses(): Promise<void> {
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.closeTimer = null;
    const batch = this.closing;
    this.closing = [];
    if (batch.length === 0) return Promise.resolve();
    const ids = batch.map((s) => s.rowId).filter((id): id is number => id !== null);
    return this.track(
      this.repository.close(ids).then(
        () => {
          for (const stream of batch) this.announce(stream);
        },
        (error) => this.settings.log('presence: closing streams failed', error),
      ),
    );
  }

  /**
   * Someone came or went: publish the webinar's `online` count soon, at most once per
   * `onlineEveryMs` from this process however many come and go meanwhile.
   */
  private announce({ webinarId, planId }: RoomStream) {
    if (this.shuttingDown) return;
    const state = this.onlineState(webinarId);
    if (state.timer) return;
    const wait = Math.max(this.settings.onlineGatherMs, state.lastSent + this.settings.onlineEveryMs - Date.now());
    state.timer = setTimeout(() => {
      state.timer = null;
      state.lastSent = Date.now();
      this.track(this.publishOnline(webinarId, planId));
      // forget a webinar nobody here watches any more; a later join starts afresh
      if (state.local <= 0) this.online.delete(webinarId);
    }, wait);
    state.timer.unref();
  }

  private onlineState(webinarId: number): OnlineState {
    let state = this.online.get(webinarId);
    if (!state) {
      state = { local: 0, timer: null, lastSent: 0 };
      this.online.set(webinarId, state);
    }
    return state;
  }

  private async publishOnline(webinarId: number, planId: number) {
    try {
      const { online, total } = await this.repository.counts(webinarId, planId);
      await this.events.publish(webinarId, { type: 'online', data: { Online: online, TotalStudents: total } });
    } catch (error) {
      this.settings.log('presence: publishing the online count failed', error);
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => {});
    return work;
  }
}

import { type RoleId, WEBINAR_EVENT_HEARTBEAT_SECONDS } from '@oqu/contracts';
import type { ExamEventHub } from '../../plugins/realtime.js';
import type { SessionsToEnd } from '../auth/auth.service.js';
import { hearsResultsOf } from './exams.policy.js';

/** Where a stream's frames go: the route adapts the HTTP response to this. */
export interface ExamConnection {
  write(frame: string): void;
  /** Bytes queued for a client that does not read. */
  readonly queued: number;
  end(): void;
}

interface ExamStream {
  examId: number;
  userId: number;
  roleId: RoleId;
  tokenHash: string;
  connection: ExamConnection;
  unsubscribe: () => void;
  closed: boolean;
}

/** A client that leaves this much unread is dropped; it reconnects and reloads. */
const MAX_QUEUED_BYTES = 1 << 20;

const RESULTS_FRAME = 'event: results\n';

/** Whether the stream's person may hear the frame: a trainee's results only where their region is heard. */
function hears(stream: ExamStream, frame: string): boolean {
  if (!frame.startsWith(RESULTS_FRAME)) return true;
  const data: { RegionID?: number | null } = JSON.parse(frame.slice(frame.indexOf('data: ') + 'data: '.length));
  return hearsResultsOf({ id: stream.userId, roleId: stream.roleId }, data.RegionID ?? null);
}

/**
 * The exam rooms' event streams on this process. Unlike webinar rooms they record no presence:
 * a stream hears the exam's events from the moment it opens (`: ready` first), a heartbeat comment
 * keeps proxies from closing it, and it ends with the session that opened it. The rooms are few (an
 * exam's regions and examiners), so the streams are kept in one set.
 */
export class ExamRooms {
  private readonly streams = new Set<ExamStream>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly events: ExamEventHub,
    /** Streams one session may hold open on this process (EVENT_STREAMS_PER_SESSION); one more ends its oldest. */
    private readonly streamsPerSession: number,
    private readonly heartbeatMs = WEBINAR_EVENT_HEARTBEAT_SECONDS * 1000,
  ) {}

  open(examId: number, session: { userId: number; roleId: RoleId; tokenHash: string }, connection: ExamConnection): ExamStream {
    const ofSession = [...this.streams].filter((s) => s.tokenHash === session.tokenHash);
    for (const oldest of ofSession.slice(0, Math.max(0, ofSession.length + 1 - this.streamsPerSession))) {
      // its client waits before coming back, so that tabs over the limit take turns slowly
      oldest.connection.write('retry: 30000\n\n');
      this.end(oldest);
    }
    const stream: ExamStream = { examId, ...session, connection, unsubscribe: () => {}, closed: false };
    this.streams.add(stream);
    stream.unsubscribe = this.events.subscribe(examId, (frame) => this.send(stream, frame));
    connection.write(': ready\n\n');
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const s of this.streams) this.send(s, ': heartbeat\n\n');
      }, this.heartbeatMs);
      this.heartbeat.unref();
    }
    return stream;
  }

  /** The stream's connection ended. */
  close(stream: ExamStream): void {
    if (stream.closed) return;
    stream.closed = true;
    stream.unsubscribe();
    this.streams.delete(stream);
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  /**
   * Sessions ended: their streams end now. A person's sessions ending spares the one named (a
   * password change keeps the caller's); heard from another process that exception is unknown, so
   * every stream of the person ends and the spared one reconnects. `null` (endings may have gone
   * unheard) ends nothing: a stream's requests are checked again when it reconnects.
   */
  endStreamsOf(ended: SessionsToEnd | null): void {
    if (!ended) return;
    for (const stream of [...this.streams]) {
      const ends =
        'tokenHash' in ended
          ? stream.tokenHash === ended.tokenHash
          : stream.userId === ended.userId && stream.tokenHash !== ended.exceptTokenHash;
      if (ends) this.end(stream);
    }
  }

  /** The server is stopping: every stream ends now. */
  shutdown(): void {
    for (const stream of [...this.streams]) this.end(stream);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  private send(stream: ExamStream, frame: string) {
    if (stream.closed || !hears(stream, frame)) return;
    if (stream.connection.queued > MAX_QUEUED_BYTES) this.end(stream);
    else stream.connection.write(frame);
  }

  private end(stream: ExamStream) {
    this.close(stream);
    stream.connection.end();
  }
}

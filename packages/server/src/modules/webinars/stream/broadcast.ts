import { STREAM_CHUNK_MAX_BYTES, STREAM_CHUNK_MS, STREAM_CLOSE, type StreamServerMessage, streamClientMessage } from '@oqu/contracts';
import type { MessageKey } from '../../../i18n/messages.js';
import { type PackagedSegment, Take } from './packager.js';

/** The publisher's end of the WebSocket, as a broadcast uses it. */
export interface PublisherSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** What a broadcast asks of the stream service. */
export interface BroadcastHost {
  ffmpeg: string;
  idleMs: number;
  /** Begins a take; undefined when the webinar's recording is final (it ended). */
  beginTake(webinarId: number): Promise<{ take: number; nextSeq: number } | undefined>;
  /** Stores and lists a segment; false when the webinar ended meanwhile. */
  publish(webinarId: number, segment: PackagedSegment & { seq: number; take: number; capturedAt: Date }): Promise<boolean>;
  /** The refusal's text in the publisher's language. */
  text(key: MessageKey): string;
  log(message: string, details?: Record<string, unknown>): void;
}

/** A take whose input ffmpeg has not taken for this much is dropped: the link is faster than the machine. */
const MAX_BACKLOG_BYTES = 16_000_000;

/**
 * One teacher's connection publishing a webinar: takes begin on `start`, chunks feed the current
 * take's ffmpeg, its segments are published in order with rising sequence numbers (a reconnect
 * continues after the last one). A packager that fails is logged and the browser is asked for a new
 * take; a connection silent for `idleMs` is closed with its ffmpeg.
 */
export class Broadcast {
  private take: Take | undefined;
  private takeNumber = 0;
  /** when the current take's recorder started: its first chunk arrived one chunk's length after */
  private takeRecordedFrom: number | undefined;
  private nextSeq = 0;
  private published = 0;
  private publishedMs = 0;
  private closed = false;
  private idle: NodeJS.Timeout | undefined;
  /** messages are handled one after another: a take has begun before its first chunk is written */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly webinarId: number,
    private readonly socket: PublisherSocket,
    private readonly host: BroadcastHost,
  ) {
    this.send({ type: 'ready' });
    this.touch();
  }

  /** A message from the browser: text is a control message, binary a chunk of the current take. */
  receive(data: Buffer, isBinary: boolean) {
    this.queue = this.queue
      .then(() => this.handle(data, isBinary))
      .catch((error: unknown) => {
        this.host.log('broadcast message failed', { webinarId: this.webinarId, err: String(error) });
        void this.close(STREAM_CLOSE.badMessage, 'stream_bad_message');
      });
  }

  private async handle(data: Buffer, isBinary: boolean) {
    if (this.closed) return;
    this.touch();
    if (isBinary) {
      if (!this.take || data.length > STREAM_CHUNK_MAX_BYTES) return this.close(STREAM_CLOSE.badMessage, 'stream_bad_message');
      if (this.take.backlog > MAX_BACKLOG_BYTES) {
        this.host.log('broadcast take dropped: ffmpeg falls behind', { webinarId: this.webinarId });
        await this.endTake('kill');
        this.send({ type: 'restart' });
        return;
      }
      this.takeRecordedFrom ??= Date.now() - STREAM_CHUNK_MS;
      this.take.write(data);
      return;
    }
    let message: ReturnType<typeof streamClientMessage.parse>;
    try {
      message = streamClientMessage.parse(JSON.parse(data.toString('utf8')));
    } catch {
      return this.close(STREAM_CLOSE.badMessage, 'stream_bad_message');
    }
    await this.endTake('flush');
    if (message.type === 'start') await this.beginTake(message.mimeType);
  }

  private async beginTake(mimeType: string) {
    const begun = await this.host.beginTake(this.webinarId);
    if (!begun) return this.close(STREAM_CLOSE.notLive, 'webinar_finished');
    this.takeNumber = begun.take;
    this.takeRecordedFrom = undefined;
    this.nextSeq = Math.max(this.nextSeq, begun.nextSeq);
    const take = await Take.begin(this.host.ffmpeg, mimeType, {
      segment: (segment) => this.publish(segment),
      failed: (code, errors) => {
        // ffmpeg crashed, could not read the input, or did not finish an ended take in time
        this.host.log('broadcast packager failed', { webinarId: this.webinarId, code, errors });
        // the current take: the browser begins a new one
        if (this.take !== take) return;
        this.take = undefined;
        if (!this.closed) this.send({ type: 'restart' });
      },
    });
    this.take = take;
    this.host.log('broadcast take begun', { webinarId: this.webinarId, take: begun.take, pid: take.pid, mimeType });
  }

  private async publish(segment: PackagedSegment) {
    const seq = this.nextSeq++;
    const capturedAt = new Date((this.takeRecordedFrom ?? Date.now()) + segment.startMs);
    const listed = await this.host.publish(this.webinarId, { ...segment, seq, take: this.takeNumber, capturedAt });
    if (!listed) {
      void this.close(STREAM_CLOSE.notLive, 'webinar_finished');
      return;
    }
    this.published += 1;
    this.publishedMs += segment.durationMs;
    this.send({ type: 'live', segments: this.published, seconds: Math.round(this.publishedMs / 1000) });
  }

  private async endTake(how: 'flush' | 'kill') {
    const take = this.take;
    this.take = undefined;
    if (take) await (how === 'flush' ? take.end() : take.kill());
  }

  /** The current take's ffmpeg, for the test that crashes it. */
  get packagerPid() {
    return this.take?.pid;
  }

  private touch() {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.close(STREAM_CLOSE.idle, 'stream_idle'), this.host.idleMs);
    this.idle.unref();
  }

  private send(message: StreamServerMessage) {
    if (!this.closed) this.socket.send(JSON.stringify(message));
  }

  /**
   * Ends the connection: the current take finishes its last segment first, so what was sent is in the
   * stream before the socket closes (or before the recording is made final, when the webinar ends).
   */
  async close(code: number = STREAM_CLOSE.notLive, reason: MessageKey = 'webinar_finished') {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idle);
    if (code !== 1000) this.socket.send(JSON.stringify({ type: 'error', message: this.host.text(reason) } satisfies StreamServerMessage));
    await this.endTake('flush');
    // a close reason is at most 123 bytes: the message went above
    this.socket.close(code, reason);
  }

  /** The browser went away: what it sent is still packaged. */
  async disconnected() {
    this.closed = true;
    clearTimeout(this.idle);
    await this.queue;
    await this.endTake('flush');
  }
}

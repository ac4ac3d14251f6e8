import type { ExamEvent, WebinarEvent } from '@oqu/contracts';
import type { Notifier } from './notify.js';

/** A subscriber of a room: receives each event as a ready SSE frame. */
export type FrameSink = (frame: string) => void;

/** An event of a room's stream: every kind of room has `refetch {What}` among its types. */
export type RoomEvent = { type: string; data: unknown };

/** The channel every server process of one database listens on for webinar events. */
export const WEBINAR_EVENTS_CHANNEL = 'oqu_webinar';
/** The channel of the exam rooms' events (modules/exams). */
export const EXAM_EVENTS_CHANNEL = 'oqu_exam';
/**
 * PostgreSQL refuses a notification payload of 8,000 bytes or more; a little is kept back for the
 * room id in front of the frame.
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7900;

/** The SSE frame of an event: `event: <type>` and `data: <JSON>`. */
export function sseFrame(event: RoomEvent): string {
  // JSON.stringify escapes line breaks inside strings, so the data is always one line
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** What a room is told instead of an event it cannot be sent: reload that part (or everything). */
export const refetchFrame = (what: string) => sseFrame({ type: 'refetch', data: { What: what === 'refetch' ? 'all' : what } });

/**
 * Pushes a kind of room's events (webinars, exams: one channel each) to the rooms open on this
 * process and, through PostgreSQL LISTEN/NOTIFY, on every other process of the same database (the
 * embedded database has one process: delivered here).
 *
 * On a shared database an event is not delivered here directly: the notification comes back to the
 * sender like to every other process, so all rooms get events in the one order PostgreSQL gives them.
 * The frame is serialised once by the sender and travels ready-made (`<room id>\n<frame>`), so a
 * receiving process only splits it and writes the same string to each of its rooms.
 */
export class EventHub<E extends RoomEvent> {
  private readonly rooms = new Map<number, Set<FrameSink>>();
  private listening = false;

  constructor(
    private readonly notifier: Notifier,
    private readonly channel: string,
    private log: (message: string, error?: unknown) => void = () => {},
  ) {}

  /** Where failures to send or deliver an event are reported (the app's logger). */
  logTo(log: (message: string, error?: unknown) => void) {
    this.log = log;
  }

  /** Starts listening to the other processes (a no-op on the embedded database). */
  async start(): Promise<void> {
    if (this.listening || !this.notifier.shared) return;
    this.listening = true;
    await this.notifier.listen(
      this.channel,
      (payload) => this.receive(payload),
      // events may have been missed while the listening connection was down: every room reloads
      () => this.deliverToAll(refetchFrame('all')),
    );
  }

  /**
   * Sends `event` to every open room of `roomId`, on every process. Never rejects: the change the
   * event tells of is already stored, and rooms that miss it catch up when they reload.
   */
  async publish(roomId: number, event: E): Promise<void> {
    const frame = sseFrame(event);
    if (!this.listening) {
      this.deliver(roomId, frame);
      return;
    }
    let payload = `${roomId}\n${frame}`;
    if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES) payload = `${roomId}\n${refetchFrame(event.type)}`;
    // while this process's own listening connection is down the notification would not come back here
    const echoed = this.notifier.live;
    if (!echoed) this.deliver(roomId, frame);
    try {
      await this.notifier.notify(this.channel, payload);
    } catch (error) {
      if (echoed) this.deliver(roomId, frame);
      this.log(`${this.channel} event: notifying the other server processes failed`, error);
    }
  }

  /** Adds a room on this process; answers the function that removes it. */
  subscribe(roomId: number, sink: FrameSink): () => void {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = new Set();
      this.rooms.set(roomId, room);
    }
    room.add(sink);
    return () => {
      room.delete(sink);
      if (room.size === 0 && this.rooms.get(roomId) === room) this.rooms.delete(roomId);
    };
  }

  /** Rooms open on this process, per room id. */
  openRooms(): ReadonlyMap<number, ReadonlySet<FrameSink>> {
    return this.rooms;
  }

  private receive(payload: string) {
    const newline = payload.indexOf('\n');
    const roomId = Number(payload.slice(0, newline));
    if (newline < 1 || !Number.isInteger(roomId)) return;
    this.deliver(roomId, payload.slice(newline + 1));
  }

  private deliver(roomId: number, frame: string) {
    const room = this.rooms.get(roomId);
    if (room) this.write(room, frame);
  }

  private deliverToAll(frame: string) {
    for (const room of this.rooms.values()) this.write(room, frame);
  }

  private write(room: Set<FrameSink>, frame: string) {
    for (const sink of room) {
      try {
        sink(frame);
      } catch (error) {
        // one broken room must not keep the event from the others
        this.log(`${this.channel} event: a room failed to take an event`, error);
      }
    }
  }
}

/** The webinar rooms' hub (`/api/web/events/{id}`). */
export class WebinarEventHub extends EventHub<WebinarEvent> {
  constructor(notifier: Notifier, log?: (message: string, error?: unknown) => void) {
    super(notifier, WEBINAR_EVENTS_CHANNEL, log);
  }
}

/** The exam rooms' hub (`/api/exam/events/{id}`). */
export class ExamEventHub extends EventHub<ExamEvent> {
  constructor(notifier: Notifier, log?: (message: string, error?: unknown) => void) {
    super(notifier, EXAM_EVENTS_CHANNEL, log);
  }
}

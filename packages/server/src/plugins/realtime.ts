import type { WebinarEvent, WebinarEventType } from '@oqu/contracts';
import type { Notifier } from './notify.js';

/** A subscriber of a webinar's room: receives each event as a ready SSE frame. */
export type FrameSink = (frame: string) => void;

/** The channel every server process of one database listens on for webinar events. */
export const WEBINAR_EVENTS_CHANNEL = 'oqu_webinar';
/**
 * PostgreSQL refuses a notification payload of 8,000 bytes or more; a little is kept back for the
 * webinar id in front of the frame.
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7900;

/** The SSE frame of an event: `event: <type>` and `data: <JSON>`. */
export function sseFrame(event: WebinarEvent): string {
  // JSON.stringify escapes line breaks inside strings, so the data is always one line
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** What a room is told instead of an event it cannot be sent: reload that part (or everything). */
export const refetchFrame = (what: WebinarEventType | 'all') =>
  sseFrame({ type: 'refetch', data: { What: what === 'refetch' ? 'all' : what } });

/**
 * Pushes webinar events to the rooms open on this process and, through PostgreSQL LISTEN/NOTIFY, on
 * every other process of the same database (the embedded database has one process: delivered here).
 *
 * On a shared database an event is not delivered here directly: the notification comes back to the
 * sender like to every other process, so all rooms get events in the one order PostgreSQL gives them.
 * The frame is serialised once by the sender and travels ready-made (`<webinar id>\n<frame>`), so a
 * receiving process only splits it and writes the same string to each of its rooms.
 */
export class WebinarEventHub {
  private readonly rooms = new Map<number, Set<FrameSink>>();
  private listening = false;

  constructor(
    private readonly notifier: Notifier,
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
      WEBINAR_EVENTS_CHANNEL,
      (payload) => this.receive(payload),
      // events may have been missed while the listening connection was down: every room reloads
      () => this.deliverToAll(refetchFrame('all')),
    );
  }

  /**
   * Sends `event` to every open room of the webinar, on every process. Never rejects: the change the
   * event tells of is already stored, and rooms that miss it catch up when they reload.
   */
  async publish(webinarId: number, event: WebinarEvent): Promise<void> {
    const frame = sseFrame(event);
    if (!this.listening) {
      this.deliver(webinarId, frame);
      return;
    }
    let payload = `${webinarId}\n${frame}`;
    if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES) payload = `${webinarId}\n${refetchFrame(event.type)}`;
    // while this process's own listening connection is down the notification would not come back here
    const echoed = this.notifier.live;
    if (!echoed) this.deliver(webinarId, frame);
    try {
      await this.notifier.notify(WEBINAR_EVENTS_CHANNEL, payload);
    } catch (error) {
      if (echoed) this.deliver(webinarId, frame);
      this.log('webinar event: notifying the other server processes failed', error);
    }
  }

  /** Adds a room on this process; answers the function that removes it. */
  subscribe(webinarId: number, sink: FrameSink): () => void {
    let room = this.rooms.get(webinarId);
    if (!room) {
      room = new Set();
      this.rooms.set(webinarId, room);
    }
    room.add(sink);
    return () => {
      room.delete(sink);
      if (room.size === 0 && this.rooms.get(webinarId) === room) this.rooms.delete(webinarId);
    };
  }

  /** Rooms open on this process, per webinar. */
  openRooms(): ReadonlyMap<number, ReadonlySet<FrameSink>> {
    return this.rooms;
  }

  private receive(payload: string) {
    const newline = payload.indexOf('\n');
    const webinarId = Number(payload.slice(0, newline));
    if (newline < 1 || !Number.isInteger(webinarId)) return;
    this.deliver(webinarId, payload.slice(newline + 1));
  }

  private deliver(webinarId: number, frame: string) {
    const room = this.rooms.get(webinarId);
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
        this.log('webinar event: a room failed to take an event', error);
      }
    }
  }
}

import type { WebinarEvent } from '@oqu/contracts';
import type { Notifier } from './notify.js';

/** A subscriber of a webinar's room: receives each event as a ready SSE frame. */
export type FrameSink = (frame: string) => void;

/** The SSE frame of an event: `event: <type>` and `data: <JSON>`. */
export function sseFrame(event: WebinarEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Pushes webinar events to the rooms open on this process and, through PostgreSQL LISTEN/NOTIFY, on
 * every other process of the same database (the embedded database has one process: delivered here).
 */
export class WebinarEventHub {
  private readonly rooms = new Map<number, Set<FrameSink>>();

  constructor(private readonly notifier: Notifier) {}

  /** Starts listening to the other processes. */
  async start(): Promise<void> {}

  /** Sends `event` to every open room of the webinar, on every process. */
  async publish(webinarId: number, event: WebinarEvent): Promise<void> {
    void this.notifier;
    this.deliver(webinarId, sseFrame(event));
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
      if (room.size === 0) this.rooms.delete(webinarId);
    };
  }

  /** Rooms open on this process, per webinar. */
  openRooms(): ReadonlyMap<number, ReadonlySet<FrameSink>> {
    return this.rooms;
  }

  private deliver(webinarId: number, frame: string) {
    for (const sink of this.rooms.get(webinarId) ?? []) sink(frame);
  }
}

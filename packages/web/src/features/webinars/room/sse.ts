import type { ChatMessage, WebinarDocument, WebinarStatus } from '@oqu/contracts';

/** One dispatched Server-Sent Events message: its `event:` type (default `message`) and `data:` text. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of the `text/event-stream` format (the HTML standard's rules): chunks may
 * split a line or a CR LF pair anywhere; `:` lines are comments (the server's heartbeat); several
 * `data:` lines join with a newline; a blank line dispatches; a message without data is dropped.
 * `retry` is kept for the reconnect delay.
 */
export class SseParser {
  private buffer = '';
  private started = false;
  /** the previous chunk ended with CR: a LF opening the next one belongs to it */
  private pendingCr = false;
  private eventType = '';
  private data: string[] = [];
  private lastId: string | undefined;
  /** the server's `retry:` in milliseconds, when it sent one */
  retry: number | undefined;

  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;

    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i += 1) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      const line = this.buffer.slice(start, i);
      if (char === '\r') {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[i + 1] === '\n') i += 1;
      }
      start = i + 1;
      const message = this.line(line);
      if (message) out.push(message);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return null;
  }

  private dispatch(): SseMessage | null {
    const type = this.eventType || 'message';
    const data = this.data.join('\n');
    const had = this.data.length > 0;
    this.eventType = '';
    this.data = [];
    if (!had) return null;
    const message: SseMessage = { event: type, data };
    if (this.lastId !== undefined) message.id = this.lastId;
    return message;
  }
}

/**
 * What a room does with an event of GET /api/web/events/{id} (contracts `webinarEvent`). `refetch`
 * says "something changed, read it again": the server's `refetch` {What} (an event too big for its
 * fan-out, or events it may have missed), or an event of ours that came without its payload.
 */
export type RoomEvent =
  | { type: 'chat'; data: ChatMessage }
  | { type: 'status'; data: { Status: WebinarStatus; EndedAt: string | null } }
  | { type: 'test'; data: { TestID: number; Deadline: string } }
  | { type: 'docs'; data: { Docs: WebinarDocument[] } }
  | { type: 'online'; data: { Online: number; TotalStudents: number } }
  | { type: 'refetch'; what: RefetchWhat };

/** What to read again: chat page 1, the webinar (GET /api/web/getweb/{id}), or both. */
export type RefetchWhat = 'chat' | 'webinar' | 'all';

const STATUSES: readonly string[] = ['Ожидается', 'В процессе', 'Завершен'];

/** Checks of a frame's JSON, field by field (no zod in the rooms' bundles). */
type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/** A message's JSON data; undefined when it has none or it is not JSON. */
export function dataOf(message: SseMessage): unknown {
  try {
    return message.data === '' ? undefined : JSON.parse(message.data);
  } catch {
    return undefined;
  }
}

function isChatMessage(value: unknown): value is ChatMessage {
  return (
    isObject(value) &&
    isInt(value.ID) &&
    isText(value.Message) &&
    isText(value.CreatedAt) &&
    isInt(value.WebID) &&
    isInt(value.UserID) &&
    isText(value.UserName) &&
    isInt(value.RoleID)
  );
}

function isDocument(value: unknown): value is WebinarDocument {
  return isObject(value) && isInt(value.ID) && isText(value.Name) && isText(value.Path) && isText(value.CreatedAt) && isInt(value.Size);
}

/**
 * The room event a message carries, checked field by field (a malformed one is ignored, so one bad
 * frame cannot break the room); null for messages a room does not act on (`ready`, a keep-alive).
 */
function refetchOf(what: unknown): RefetchWhat {
  if (what === 'chat') return 'chat';
  if (what === 'status' || what === 'test' || what === 'docs' || what === 'online') return 'webinar';
  return 'all';
}

export function parseRoomEvent(message: SseMessage): RoomEvent | null {
  if (message.event === 'ready' || message.event === 'ping' || message.event === 'message') return null;
  const data = dataOf(message);
  switch (message.event) {
    case 'chat':
      return isChatMessage(data) ? { type: 'chat', data } : null;
    case 'status':
      if (isObject(data) && isText(data.Status) && STATUSES.includes(data.Status)) {
        const endedAt = isText(data.EndedAt) ? data.EndedAt : null;
        return { type: 'status', data: { Status: data.Status as WebinarStatus, EndedAt: endedAt } };
      }
      return { type: 'refetch', what: 'webinar' };
    case 'test':
      return isObject(data) && isInt(data.TestID)
        ? { type: 'test', data: { TestID: data.TestID, Deadline: isText(data.Deadline) ? data.Deadline : '' } }
        : { type: 'refetch', what: 'webinar' };
    case 'docs':
      return isObject(data) && Array.isArray(data.Docs) && data.Docs.every(isDocument)
        ? { type: 'docs', data: { Docs: data.Docs } }
        : { type: 'refetch', what: 'webinar' };
    case 'online':
      return isObject(data) && isInt(data.Online) && isInt(data.TotalStudents)
        ? { type: 'online', data: { Online: data.Online, TotalStudents: data.TotalStudents } }
        : null;
    case 'refetch':
      return { type: 'refetch', what: refetchOf(isObject(data) ? data.What : undefined) };
    default:
      // an unknown type is ignored, not refetched: a periodic one would otherwise turn every viewer into a poller
      return null;
  }
}

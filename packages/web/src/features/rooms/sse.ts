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

/** Checks of a frame's JSON, field by field (no zod in the rooms' bundles). */
type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
export const isText = (value: unknown): value is string => typeof value === 'string';

/** A message's JSON data; undefined when it has none or it is not JSON. */
export function dataOf(message: SseMessage): unknown {
  try {
    return message.data === '' ? undefined : JSON.parse(message.data);
  } catch {
    return undefined;
  }
}

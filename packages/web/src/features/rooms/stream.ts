import { WEBINAR_EVENT_HEARTBEAT_SECONDS } from '@oqu/contracts';
import { type SseMessage, SseParser } from './sse';

/** Where a room's event stream stands; the connection indicator shows it. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'unavailable';

/** The first reconnect waits about this long; each failure doubles it up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/**
 * No byte for this long means the stream is dead although the socket looks open (a sleeping laptop,
 * a proxy that dropped it): the server sends a comment every heartbeat, so 2.5 heartbeats is a loss.
 */
export const STREAM_IDLE_MS = WEBINAR_EVENT_HEARTBEAT_SECONDS * 2500;

/**
 * The wait before reconnect attempt `attempt` (0 = the first after a loss): exponential with "equal
 * jitter" (half fixed, half random), so thousands of viewers dropped by one server restart do not
 * come back in the same second.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random, retryHint?: number): number {
  const base = Math.max(RECONNECT_BASE_MS, retryHint ?? 0);
  const ceiling = Math.min(RECONNECT_MAX_MS, base * 2 ** Math.min(Math.max(attempt, 0), 10));
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}

/** Statuses after which trying again cannot help: the room is not this person's, or not there. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 405, 410]);

export interface EventStreamOptions<E> {
  url: string;
  /** the headers of each attempt (read again each time: the session may change) */
  headers: () => Record<string, string>;
  /** the event a message carries (webinar rooms: `parseRoomEvent`), or null to ignore it */
  parse: (message: SseMessage) => E | null;
  onEvent: (event: E) => void;
  onState: (state: ConnectionState) => void;
  /** the stream is (again) open: whatever happened while it was not must be read now */
  onOpen: () => void;
  /** a refusal that ends the stream (401 ends the session; 403/404 leave the room to polling) */
  onRefused?: (status: number, body: string) => void;
  fetch?: typeof fetch;
  random?: () => number;
  idleMs?: number;
  /** overrides the reconnect delay (tests) */
  delay?: (attempt: number) => number;
}

/**
 * Reads a room's event stream (GET /api/web/events/{id}, GET /api/exam/events/{id}) with fetch and
 * a ReadableStream, because EventSource cannot send the bearer header; reconnects with backoff
 * until stopped. Returns the function that stops it.
 */
export function openEventStream<E>(options: EventStreamOptions<E>): () => void {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const idleMs = options.idleMs ?? STREAM_IDLE_MS;
  let stopped = false;
  let controller: AbortController | null = null;
  let wait: ReturnType<typeof setTimeout> | null = null;
  let wake: (() => void) | null = null;
  let attempt = 0;
  let retryHint: number | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      wait = setTimeout(resolve, ms);
    });

  /** One connection: resolves when it ends; 'final' when no reconnect should follow. */
  async function connectOnce(): Promise<'final' | 'lost'> {
    const current = new AbortController();
    controller = current;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    // aborting the request ends the body too; cancelling the reader as well ends a read that waits
    // on a body not tied to the request's signal
    current.signal.addEventListener('abort', () => void reader?.cancel().catch(() => undefined), { once: true });
    let idle: ReturnType<typeof setTimeout> | null = null;
    const armIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => current.abort(), idleMs);
    };
    try {
      armIdle();
      const response = await doFetch(options.url, {
        headers: { ...options.headers(), Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: current.signal,
      });
      if (!response.ok || !response.body) {
        const body = await response.text().catch(() => '');
        if (FINAL_STATUSES.has(response.status)) {
          options.onRefused?.(response.status, body);
          return 'final';
        }
        return 'lost';
      }
      reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      let received = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) break;
        armIdle();
        if (!received) {
          // The first bytes (the server's `: ready`) say it holds the room for us: read the room's
          // data now, so nothing falls between that read and the events. A later loss starts the
          // backoff afresh; a server that accepts and closes at once keeps backing off instead.
          received = true;
          attempt = 0;
          options.onState('open');
          options.onOpen();
        }
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          const event = options.parse(message);
          if (event) options.onEvent(event);
        }
        retryHint = parser.retry;
      }
      return 'lost';
    } catch {
      return 'lost';
    } finally {
      if (idle) clearTimeout(idle);
      current.abort();
    }
  }

  async function run() {
    options.onState('connecting');
    while (!stopped) {
      const outcome = await connectOnce();
      if (stopped) return;
      if (outcome === 'final') {
        options.onState('unavailable');
        return;
      }
      options.onState('reconnecting');
      await sleep(options.delay ? options.delay(attempt) : reconnectDelay(attempt, options.random, retryHint));
      attempt += 1;
    }
  }

  void run();

  return () => {
    stopped = true;
    controller?.abort();
    if (wait) clearTimeout(wait);
    wake?.();
  };
}

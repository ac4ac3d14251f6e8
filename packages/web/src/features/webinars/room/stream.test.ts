import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionState, openEventStream, RECONNECT_MAX_MS, reconnectDelay } from '../../rooms/stream';
import { parseRoomEvent, type RoomEvent } from './roomEvents';

/** A response whose body the test writes to and closes. */
function streamResponse(status = 200) {
  const encoder = new TextEncoder();
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      control = c;
    },
  });
  return {
    response: new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => control.enqueue(encoder.encode(text)),
    close: () => control.close(),
  };
}

const until = async (check: () => boolean, ms = 2000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('reconnectDelay', () => {
  it('doubles from about a second up to 30 s, with jitter in the upper half', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it('waits at least what the server asked with retry:', () => {
    expect(reconnectDelay(0, () => 1, 5000)).toBe(5000);
  });
});

describe('openEventStream', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('sends the bearer header, reports events and reconnects after a loss, reading again on each open', async () => {
    const first = streamResponse();
    const second = streamResponse();
    const responses = [first, second];
    const calls: RequestInit[] = [];
    const fetchMock = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init ?? {});
      const next = responses.shift();
      if (!next) throw new Error('no more');
      return next.response;
    });
    const events: RoomEvent[] = [];
    const states: ConnectionState[] = [];
    let opens = 0;
    stops.push(
      openEventStream({
        url: '/api/web/events/3',
        parse: parseRoomEvent,
        headers: () => ({ Authorization: 'Bearer t' }),
        onEvent: (event) => events.push(event),
        onState: (state) => states.push(state),
        onOpen: () => {
          opens += 1;
        },
        fetch: fetchMock as unknown as typeof fetch,
        delay: () => 1,
      }),
    );
    first.write(': ready\n\n');
    await until(() => opens === 1);
    first.write('event: online\ndata: {"Online":2,');
    first.write('"TotalStudents":4}\n\n');
    await until(() => events.length === 1);
    expect(events[0]).toEqual({ type: 'online', data: { Online: 2, TotalStudents: 4 } });
    first.close();
    await until(() => fetchMock.mock.calls.length === 2);
    second.write(': ready\n\n');
    await until(() => opens === 2);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(new Headers(calls[0].headers).get('authorization')).toBe('Bearer t');
    expect(new Headers(calls[0].headers).get('accept')).toBe('text/event-stream');
  });

  it('stops trying on a refusal that cannot change, and says so', async () => {
    const refused: number[] = [];
    const states: ConnectionState[] = [];
    const fetchMock = vi.fn(async () => new Response('{"status":false,"message":"нет"}', { status: 404 }));
    stops.push(
      openEventStream({
        url: '/api/web/events/3',
        parse: parseRoomEvent,
        headers: () => ({}),
        onEvent: () => undefined,
        onState: (state) => states.push(state),
        onOpen: () => undefined,
        onRefused: (status) => refused.push(status),
        fetch: fetchMock as unknown as typeof fetch,
        delay: () => 1,
      }),
    );
    await until(() => states.includes('unavailable'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(refused).toEqual([404]);
  });

  it('retries a server error and a network failure', async () => {
    const ok = streamResponse();
    const answers: (() => Promise<Response>)[] = [
      async () => new Response('', { status: 503 }),
      async () => {
        throw new TypeError('network');
      },
      async () => {
        queueMicrotask(() => ok.write(': ready\n\n'));
        return ok.response;
      },
    ];
    const fetchMock = vi.fn(async () => (answers.shift() as () => Promise<Response>)());
    let opened = false;
    stops.push(
      openEventStream({
        url: '/x',
        parse: parseRoomEvent,
        headers: () => ({}),
        onEvent: () => undefined,
        onState: () => undefined,
        onOpen: () => {
          opened = true;
        },
        fetch: fetchMock as unknown as typeof fetch,
        delay: () => 1,
      }),
    );
    await until(() => opened);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('drops a stream that goes silent past the idle limit and reconnects', async () => {
    const silent = streamResponse();
    const next = streamResponse();
    const responses = [silent, next];
    let opens = 0;
    stops.push(
      openEventStream({
        url: '/x',
        parse: parseRoomEvent,
        headers: () => ({}),
        onEvent: () => undefined,
        onState: () => undefined,
        onOpen: () => {
          opens += 1;
        },
        fetch: (async () => {
          const next = responses.shift() as ReturnType<typeof streamResponse>;
          queueMicrotask(() => next.write(': ready\n\n'));
          return next.response;
        }) as unknown as typeof fetch,
        delay: () => 1,
        idleMs: 30,
      }),
    );
    await until(() => opens === 2);
  });

  it('stops for good when stopped', async () => {
    const live = streamResponse();
    const fetchMock = vi.fn(async () => {
      queueMicrotask(() => live.write(': ready\n\n'));
      return live.response;
    });
    const states: ConnectionState[] = [];
    const stop = openEventStream({
      url: '/x',
      parse: parseRoomEvent,
      headers: () => ({}),
      onEvent: () => undefined,
      onState: (state) => states.push(state),
      onOpen: () => undefined,
      fetch: fetchMock as unknown as typeof fetch,
      delay: () => 1,
    });
    await until(() => states.includes('open'));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'open']);
  });
});

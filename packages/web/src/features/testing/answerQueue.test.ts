import { describe, expect, it } from 'vitest';
import {
  AnswerQueue,
  backoffDelay,
  classifyFailure,
  type QueuedAnswer,
  type QueueStorage,
  queueKey,
  readEntries,
  storedAttempts,
  type Timers,
} from './answerQueue';
import type { AnswerAck } from './types';

/** Web Storage in memory; `broken` makes every write throw (private mode, quota). */
class FakeStorage implements QueueStorage {
  data = new Map<string, string>();
  broken = false;
  get length() {
    return this.data.size;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.broken) throw new Error('QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    if (this.broken) throw new Error('QuotaExceededError');
    this.data.delete(key);
  }
}

/** Timers run by hand: `fire()` runs the pending ones. */
class FakeTimers implements Timers {
  pending = new Map<number, { callback: () => void; ms: number }>();
  private next = 1;
  set = (callback: () => void, ms: number) => {
    const handle = this.next++;
    this.pending.set(handle, { callback, ms });
    return handle;
  };
  clear = (handle: unknown) => {
    this.pending.delete(handle as number);
  };
  delays() {
    return [...this.pending.values()].map((t) => t.ms);
  }
  fire() {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const t of due) t.callback();
  }
}

type Reply = { ok: AnswerAck } | { fail: { status: number; message: string } };

/** A server stand-in: answers each call with the next scripted reply (default: an acknowledgement). */
class FakeServer {
  calls: QueuedAnswer[] = [];
  script: Reply[] = [];
  private waiting: (() => void)[] = [];
  held = false;

  send = (entry: QueuedAnswer): Promise<AnswerAck> => {
    this.calls.push(entry);
    const reply = this.script.shift() ?? { ok: ack(entry) };
    const settle = () =>
      'ok' in reply ? Promise.resolve(reply.ok) : Promise.reject(Object.assign(new Error(reply.fail.message), reply.fail));
    if (!this.held) return settle();
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(settle);
  };

  release() {
    this.held = false;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

function ack(entry: Pick<QueuedAnswer, 'questionId' | 'answer'>, patch: Partial<AnswerAck> = {}): AnswerAck {
  return {
    QuestionID: entry.questionId,
    UserAnswer: entry.answer,
    Answered: 1,
    Questions: 5,
    Remaining: 600,
    Finished: false,
    Result: null,
    ...patch,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const KEY = queueKey(7, 42);

function setup(storage = new FakeStorage()) {
  const server = new FakeServer();
  const timers = new FakeTimers();
  const queue = new AnswerQueue({ storage, key: KEY, send: server.send, timers, now: () => 1_000, random: () => 0 });
  return { storage, server, timers, queue };
}

const answer = (questionId: number, letter: QueuedAnswer['answer'] = 'A') => ({ attemptId: 42, testId: 3, questionId, answer: letter });

describe('answer queue', () => {
  it('stores an answer before sending it, and forgets it once the server acknowledged it', async () => {
    const { storage, server, queue } = setup();
    server.held = true;
    queue.enqueue(answer(1, 'C'));
    expect(readEntries(storage, KEY)).toEqual([{ ...answer(1, 'C'), queuedAt: 1_000 }]);
    expect(queue.getState().pending).toHaveLength(1);
    expect(queue.getState().sending).toBe(true);

    server.release();
    await settle();
    expect(server.calls.map((c) => c.questionId)).toEqual([1]);
    expect(queue.getState().pending).toEqual([]);
    expect(queue.getState().acknowledged.map((a) => [a.questionId, a.answer])).toEqual([[1, 'C']]);
    expect(queue.getState().lastAck?.QuestionID).toBe(1);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('sends answers one at a time in the order given', async () => {
    const { server, queue } = setup();
    server.held = true;
    queue.enqueue(answer(1));
    queue.enqueue(answer(2));
    queue.enqueue(answer(3));
    expect(server.calls.map((c) => c.questionId)).toEqual([1]);
    server.release();
    await settle();
    expect(server.calls.map((c) => c.questionId)).toEqual([1, 2, 3]);
    expect(queue.getState().pending).toEqual([]);
  });

  it('keeps the first answer to a question that is still waiting', () => {
    const { server, queue } = setup();
    server.held = true;
    expect(queue.enqueue(answer(1, 'A'))).toBe(true);
    expect(queue.enqueue(answer(1, 'B'))).toBe(false);
    expect(queue.getState().pending.map((p) => p.answer)).toEqual(['A']);
  });

  it('retries with a growing pause while the server cannot be reached, keeping the answer', async () => {
    const { storage, server, timers, queue } = setup();
    const offline = { fail: { status: 0, message: 'Нет связи' } };
    server.script = [offline, offline, offline];
    queue.enqueue(answer(1));
    await settle();
    expect(queue.getState().failures).toBe(1);
    expect(queue.getState().lastFailure?.message).toBe('Нет связи');
    expect(queue.getState().nextRetryAt).toBe(2_000);
    expect(timers.delays()).toEqual([1_000]);
    expect(readEntries(storage, KEY)).toHaveLength(1);

    timers.fire();
    await settle();
    expect(timers.delays()).toEqual([2_000]);
    timers.fire();
    await settle();
    expect(timers.delays()).toEqual([4_000]);
    timers.fire();
    await settle();
    expect(server.calls).toHaveLength(4);
    expect(queue.getState().pending).toEqual([]);
    expect(queue.getState().failures).toBe(0);
    expect(queue.getState().lastFailure).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('treats 5xx and 429 as passing trouble, and keeps later answers behind the failed one', async () => {
    const { server, timers, queue } = setup();
    server.script = [{ fail: { status: 503, message: 'busy' } }, { fail: { status: 429, message: 'slow down' } }];
    queue.enqueue(answer(1));
    await settle();
    queue.enqueue(answer(2));
    await settle();
    expect(server.calls.map((c) => c.questionId)).toEqual([1]);
    timers.fire();
    await settle();
    timers.fire();
    await settle();
    expect(server.calls.map((c) => c.questionId)).toEqual([1, 1, 1, 2]);
    expect(queue.getState().pending).toEqual([]);
  });

  it('sends at once on retryNow instead of waiting for the planned pause', async () => {
    const { server, timers, queue } = setup();
    server.script = [{ fail: { status: 0, message: 'offline' } }];
    queue.enqueue(answer(1));
    await settle();
    expect(timers.pending.size).toBe(1);
    queue.retryNow();
    await settle();
    expect(timers.pending.size).toBe(0);
    expect(server.calls).toHaveLength(2);
    expect(queue.getState().pending).toEqual([]);
    expect(queue.getState().nextRetryAt).toBeNull();
  });

  it('drops an answer the server refuses for good (409, 422, 400) and reports its message', async () => {
    const { storage, server, timers, queue } = setup();
    server.script = [
      { fail: { status: 409, message: 'Ответ уже дан' } },
      { fail: { status: 422, message: 'Время теста истекло' } },
      { fail: { status: 400, message: 'Нет такого варианта' } },
    ];
    queue.enqueue(answer(1));
    queue.enqueue(answer(2));
    queue.enqueue(answer(3));
    queue.enqueue(answer(4));
    await settle();
    expect(timers.pending.size).toBe(0);
    expect(queue.getState().refused.map((r) => [r.questionId, r.failure.status, r.failure.message])).toEqual([
      [1, 409, 'Ответ уже дан'],
      [2, 422, 'Время теста истекло'],
      [3, 400, 'Нет такого варианта'],
    ]);
    expect(queue.getState().acknowledged.map((a) => a.questionId)).toEqual([4]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('stops on 401 and keeps the answers for the next sign-in', async () => {
    const { storage, server, timers, queue } = setup();
    server.script = [{ fail: { status: 401, message: 'Войдите снова' } }];
    queue.enqueue(answer(1));
    await settle();
    expect(queue.getState().paused).toBe(true);
    expect(timers.pending.size).toBe(0);
    expect(readEntries(storage, KEY)).toHaveLength(1);
    queue.enqueue(answer(2));
    await settle();
    expect(server.calls).toHaveLength(1);
    queue.retryNow();
    await settle();
    expect(server.calls.map((c) => c.questionId)).toEqual([1, 1, 2]);
    expect(queue.getState().paused).toBe(false);
  });

  it('picks up what a previous page left in storage and sends it first', async () => {
    const storage = new FakeStorage();
    storage.setItem(
      KEY,
      JSON.stringify([
        { ...answer(1, 'B'), queuedAt: 5 },
        { ...answer(2, 'D'), queuedAt: 6 },
      ]),
    );
    const { server, queue } = setup(storage);
    expect(queue.getState().pending).toHaveLength(2);
    queue.enqueue(answer(3, 'A'));
    await settle();
    expect(server.calls.map((c) => [c.questionId, c.answer])).toEqual([
      [1, 'B'],
      [2, 'D'],
      [3, 'A'],
    ]);
  });

  it('ignores unreadable stored values', () => {
    const storage = new FakeStorage();
    storage.setItem(KEY, '{not json');
    expect(readEntries(storage, KEY)).toEqual([]);
    storage.setItem(KEY, JSON.stringify([{ questionId: 'x' }, { ...answer(1, 'G' as 'A'), queuedAt: 1 }, { ...answer(2), queuedAt: 1 }]));
    expect(readEntries(storage, KEY).map((e) => e.questionId)).toEqual([2]);
  });

  it('still sends when storage refuses writes, and says so', async () => {
    const storage = new FakeStorage();
    storage.broken = true;
    const { server, queue } = setup(storage);
    server.held = true;
    queue.enqueue(answer(1));
    expect(queue.getState().storageFailed).toBe(true);
    server.release();
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(queue.getState().pending).toEqual([]);
  });

  it('tells its subscribers about every change', async () => {
    const { queue } = setup();
    const seen: number[] = [];
    const stop = queue.subscribe(() => seen.push(queue.getState().pending.length));
    queue.enqueue(answer(1));
    await settle();
    stop();
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(0);
  });

  it('does nothing more once disposed, leaving storage for the next page', async () => {
    const { storage, server, timers, queue } = setup();
    server.script = [{ fail: { status: 0, message: 'offline' } }];
    queue.enqueue(answer(1));
    await settle();
    queue.dispose();
    expect(timers.pending.size).toBe(0);
    expect(readEntries(storage, KEY)).toHaveLength(1);
    expect(queue.enqueue(answer(2))).toBe(false);
  });
});

describe('stored attempts', () => {
  it('lists the attempts of one user that still hold answers, with their tests', () => {
    const storage = new FakeStorage();
    storage.setItem(queueKey(7, 42), JSON.stringify([{ ...answer(1), queuedAt: 1 }]));
    storage.setItem(queueKey(7, 43), JSON.stringify([{ attemptId: 43, testId: 9, questionId: 5, answer: 'B', queuedAt: 1 }]));
    storage.setItem(queueKey(8, 44), JSON.stringify([{ attemptId: 44, testId: 9, questionId: 5, answer: 'B', queuedAt: 1 }]));
    storage.setItem(queueKey(7, 45), '[]');
    storage.setItem('language', 'ru');
    expect(storedAttempts(storage, 7)).toEqual([
      { attemptId: 42, testId: 3 },
      { attemptId: 43, testId: 9 },
    ]);
  });
});

describe('failure rules', () => {
  it('retries only what may pass on its own', () => {
    for (const status of [0, 408, 429, 500, 502, 503]) expect(classifyFailure(status)).toBe('retry');
    for (const status of [400, 403, 404, 409, 422]) expect(classifyFailure(status)).toBe('drop');
    expect(classifyFailure(401)).toBe('pause');
  });

  it('doubles the pause up to 15 s, with at most a fifth added', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(backoffDelay(1, () => 0.999)).toBeLessThanOrEqual(1200);
  });
});

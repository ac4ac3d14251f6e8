import type { AnswerAck, AnswerLetter } from './types';

/**
 * Answers on their way to the server. Nothing a trainee answered may be lost: every answer is
 * written to storage first (it survives a reload or a closed tab), then sent in the order given,
 * one at a time, and kept until the server acknowledges it. A call that did not reach the server
 * (no network, a 5xx, 429) is retried with a growing pause; a refusal that retrying cannot change
 * (409 another answer is already stored, 422 the time is up…) drops the answer and reports the
 * server's message. A 401 stops sending and keeps everything for the next sign-in.
 */

export interface QueuedAnswer {
  attemptId: number;
  testId: number;
  questionId: number;
  answer: AnswerLetter;
  /** When the trainee answered (ms since the epoch), for display only. */
  queuedAt: number;
}

/** A refusal of a sent answer: the server's message and HTTP status (0: the server was not reached). */
export interface SendFailure {
  status: number;
  message: string;
}

export type Sender = (entry: QueuedAnswer) => Promise<AnswerAck>;

/** The part of Web Storage the queue uses (localStorage in the browser, a fake in tests). */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export interface QueueState {
  /** Answers not acknowledged yet, oldest first. */
  pending: readonly QueuedAnswer[];
  /** Answers this queue saw acknowledged, oldest first (for this page's life). */
  acknowledged: readonly (QueuedAnswer & { ack: AnswerAck })[];
  /** Answers the server refused for good, with its message. */
  refused: readonly (QueuedAnswer & { failure: SendFailure })[];
  /** The latest acknowledgement (it carries the server's remaining time and the result). */
  lastAck: AnswerAck | null;
  /** A send is in flight. */
  sending: boolean;
  /** Failed sends in a row of the answer at the head. */
  failures: number;
  /** Why the last send failed (kept until one succeeds). */
  lastFailure: SendFailure | null;
  /** When the next automatic try happens (ms since the epoch), or null. */
  nextRetryAt: number | null;
  /** Sending stopped because the session ended (401). */
  paused: boolean;
  /** Storage refused to keep the answers (private mode, full): they live in memory only. */
  storageFailed: boolean;
}

export type Verdict = 'retry' | 'drop' | 'pause';

/** What a failed send means: try again later, give up on this answer, or wait for a new sign-in. */
export function classifyFailure(status: number): Verdict {
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  if (status === 401) return 'pause';
  return 'drop';
}

/** Pause before try number `failures + 1`: 1 s, 2 s, 4 s, 8 s, then 15 s, with up to 20 % added at random. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** Math.max(0, failures - 1), 15_000);
  return Math.round(base * (1 + 0.2 * random()));
}

export const STORAGE_PREFIX = 'oqu:answers';

/** The storage key of one attempt's queue: per user and attempt. */
export function queueKey(userId: number, attemptId: number): string {
  return `${STORAGE_PREFIX}:${userId}:${attemptId}`;
}

function isEntry(value: unknown): value is QueuedAnswer {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.attemptId) &&
    Number.isInteger(v.testId) &&
    Number.isInteger(v.questionId) &&
    typeof v.answer === 'string' &&
    /^[A-F]$/.test(v.answer) &&
    typeof v.queuedAt === 'number'
  );
}

/** The entries stored under `key` (an unreadable value counts as none). */
export function readEntries(storage: QueueStorage, key: string): QueuedAnswer[] {
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** Attempts of `userId` that still have stored answers, with the test each belongs to. */
export function storedAttempts(storage: QueueStorage, userId: number): { attemptId: number; testId: number }[] {
  const prefix = `${STORAGE_PREFIX}:${userId}:`;
  const found: { attemptId: number; testId: number }[] = [];
  let length = 0;
  try {
    length = storage.length;
  } catch {
    return [];
  }
  for (let i = 0; i < length; i += 1) {
    const key = storage.key(i);
    if (!key?.startsWith(prefix)) continue;
    const attemptId = Number(key.slice(prefix.length));
    const [first] = readEntries(storage, key);
    if (Number.isInteger(attemptId) && first) found.push({ attemptId, testId: first.testId });
  }
  return found;
}

export interface AnswerQueueOptions {
  storage: QueueStorage;
  key: string;
  send: Sender;
  /** Turns a thrown error into a failure; by default reads `status` and `message` off it. */
  describeError?: (error: unknown) => SendFailure;
  timers?: Timers;
  now?: () => number;
  random?: () => number;
}

function defaultDescribe(error: unknown): SendFailure {
  const e = error as { status?: unknown; message?: unknown } | null;
  return {
    status: typeof e?.status === 'number' ? e.status : 0,
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class AnswerQueue {
  private readonly storage: QueueStorage;
  private readonly key: string;
  private readonly send: Sender;
  private readonly describe: (error: unknown) => SendFailure;
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  private running = false;
  private disposed = false;
  private state: QueueState;

  constructor(options: AnswerQueueOptions) {
    this.storage = options.storage;
    this.key = options.key;
    this.send = options.send;
    this.describe = options.describeError ?? defaultDescribe;
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.state = {
      pending: readEntries(this.storage, this.key),
      acknowledged: [],
      refused: [],
      lastAck: null,
      sending: false,
      failures: 0,
      lastFailure: null,
      nextRetryAt: null,
      paused: false,
      storageFailed: false,
    };
  }

  /** The current state; a new object after every change (for useSyncExternalStore). */
  getState = (): QueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Queues an answer and starts sending. A question already waiting keeps its first answer
   * (the first answer is final); the call then returns false.
   */
  enqueue(entry: Omit<QueuedAnswer, 'queuedAt'> & { queuedAt?: number }): boolean {
    if (this.disposed) return false;
    if (this.state.pending.some((p) => p.attemptId === entry.attemptId && p.questionId === entry.questionId)) return false;
    const queued: QueuedAnswer = {
      attemptId: entry.attemptId,
      testId: entry.testId,
      questionId: entry.questionId,
      answer: entry.answer,
      queuedAt: entry.queuedAt ?? this.now(),
    };
    this.update({ pending: [...this.state.pending, queued] }, true);
    this.flush();
    return true;
  }

  /** Starts sending unless a send is running or a retry is already planned. */
  flush(): void {
    if (this.disposed || this.timer !== null) return;
    void this.pump();
  }

  /** Sends now, without waiting for the planned retry (a "send now" button, the browser back online). */
  retryNow(): void {
    if (this.disposed) return;
    this.clearTimer();
    if (this.state.paused) this.update({ paused: false });
    void this.pump();
  }

  /** Stops timers and listeners; stored answers stay for the next page. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  private clearTimer() {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.state.nextRetryAt !== null) this.update({ nextRetryAt: null });
  }

  private update(patch: Partial<QueueState>, persist = false) {
    this.state = { ...this.state, ...patch };
    if (persist) this.persist();
    for (const listener of [...this.listeners]) listener();
  }

  private persist() {
    try {
      if (this.state.pending.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(this.state.pending));
      if (this.state.storageFailed) this.state = { ...this.state, storageFailed: false };
    } catch {
      this.state = { ...this.state, storageFailed: true };
    }
  }

  /** Removes the head if it is still `entry` (it always is: only the pump removes entries). */
  private dropHead(entry: QueuedAnswer) {
    const [head, ...rest] = this.state.pending;
    return head === entry ? rest : this.state.pending.filter((p) => p !== entry);
  }

  private async pump(): Promise<void> {
    if (this.running || this.disposed || this.state.paused) return;
    this.running = true;
    try {
      for (;;) {
        const entry = this.state.pending[0];
        if (!entry || this.disposed) break;
        this.update({ sending: true });
        let ack: AnswerAck;
        try {
          ack = await this.send(entry);
        } catch (error) {
          const failure = this.describe(error);
          const verdict = classifyFailure(failure.status);
          if (verdict === 'drop') {
            this.update(
              {
                pending: this.dropHead(entry),
                refused: [...this.state.refused, { ...entry, failure }],
                failures: 0,
                lastFailure: null,
                sending: false,
              },
              true,
            );
            continue;
          }
          if (verdict === 'pause') {
            this.update({ paused: true, sending: false, lastFailure: failure });
            break;
          }
          const failures = this.state.failures + 1;
          const delay = backoffDelay(failures, this.random);
          this.update({ failures, lastFailure: failure, sending: false, nextRetryAt: this.now() + delay });
          if (!this.disposed) {
            this.timer = this.timers.set(() => {
              this.timer = null;
              this.update({ nextRetryAt: null });
              void this.pump();
            }, delay);
          }
          break;
        }
        this.update(
          {
            pending: this.dropHead(entry),
            acknowledged: [...this.state.acknowledged, { ...entry, ack }],
            lastAck: ack,
            failures: 0,
            lastFailure: null,
            sending: false,
          },
          true,
        );
      }
    } finally {
      this.running = false;
      if (this.state.sending) this.update({ sending: false });
    }
  }
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';
import { AnswerQueue, type QueueState, type QueueStorage, queueKey, STORAGE_PREFIX, storedAttempts } from './answerQueue';
import { sendAnswer } from './api';

/**
 * One answer queue per user and attempt for the whole page, shared by the testing screen and the
 * tests lists, stored in localStorage. Coming back online sends at once.
 */

const queues = new Map<string, AnswerQueue>();

/** localStorage, or a memory stand-in where the browser refuses it (the queue then says so). */
function browserStorage(): QueueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // storage disabled
  }
  const memory = new Map<string, string>();
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
    key: (index) => [...memory.keys()][index] ?? null,
    get length() {
      return memory.size;
    },
  };
}

const describeError = (error: unknown) =>
  error instanceof ApiError ? { status: error.status, message: error.message } : { status: 0, message: String(error) };

let onlineListening = false;
function listenOnline() {
  if (onlineListening || typeof window === 'undefined') return;
  onlineListening = true;
  window.addEventListener('online', () => {
    for (const queue of queues.values()) queue.retryNow();
  });
}

/** The queue of one attempt (created on first use; it starts sending what storage holds). */
export function queueFor(userId: number, attemptId: number): AnswerQueue {
  const key = queueKey(userId, attemptId);
  let queue = queues.get(key);
  if (!queue) {
    queue = new AnswerQueue({ storage: browserStorage(), key, send: sendAnswer, describeError });
    queues.set(key, queue);
    listenOnline();
  }
  queue.flush();
  return queue;
}

/** Starts sending every answer `userId` left unsent (in this tab or before a reload); optionally of one test only. */
export function resumeStoredQueues(userId: number, testId?: number): AnswerQueue[] {
  return storedAttempts(browserStorage(), userId)
    .filter((stored) => testId === undefined || stored.testId === testId)
    .map((stored) => queueFor(userId, stored.attemptId));
}

/** The live queues of `userId`. */
function queuesOf(userId: number): AnswerQueue[] {
  const prefix = `${STORAGE_PREFIX}:${userId}:`;
  return [...queues.entries()].filter(([key]) => key.startsWith(prefix)).map(([, queue]) => queue);
}

const EMPTY: QueueState = {
  pending: [],
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
const noop = () => () => {};
const emptyState = () => EMPTY;

/** The state of one queue, re-rendering on every change; an empty state while there is none. */
export function useQueueState(queue: AnswerQueue | null): QueueState {
  return useSyncExternalStore(queue ? queue.subscribe : noop, queue ? queue.getState : emptyState);
}

export interface UnsentSummary {
  /** Answers of this user not acknowledged yet, over all attempts. */
  pending: number;
  sending: boolean;
  /** Why the latest send failed, if one did. */
  failureMessage: string | null;
  /** Sends everything now. */
  retry: () => void;
}

/**
 * Sends whatever `userId` left unsent (before a reload, in another screen) and sums up what is
 * still waiting, for the warning the tests lists show.
 */
export function useUnsentAnswers(userId: number | undefined): UnsentSummary {
  const [summary, setSummary] = useState<Omit<UnsentSummary, 'retry'>>({ pending: 0, sending: false, failureMessage: null });

  useEffect(() => {
    if (userId === undefined) return;
    resumeStoredQueues(userId);
    const own = queuesOf(userId);
    const compute = () => {
      const states = own.map((queue) => queue.getState());
      setSummary({
        pending: states.reduce((sum, state) => sum + state.pending.length, 0),
        sending: states.some((state) => state.sending),
        failureMessage: states.find((state) => state.lastFailure && state.pending.length > 0)?.lastFailure?.message ?? null,
      });
    };
    const unsubscribe = own.map((queue) => queue.subscribe(compute));
    compute();
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, [userId]);

  return {
    ...summary,
    retry: () => {
      if (userId !== undefined) for (const queue of queuesOf(userId)) queue.retryNow();
    },
  };
}

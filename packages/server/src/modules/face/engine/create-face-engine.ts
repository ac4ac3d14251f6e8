import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type AnalyseOptions, type FaceAnalysis, type FaceEngine, FaceEngineBusyError, UnreadableImageError } from './face-engine.js';
import type { FaceAnswer, FaceJob } from './face-worker.js';
import { FACE_MODEL_NAME } from './model-files.js';

/**
 * The worker's code. Under tsx or vitest this module is TypeScript, and so is the worker's: Node does
 * not load it alone, so the worker registers tsx's loader first (tsx is a development dependency).
 */
const workerUrl = new URL(`./face-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
const newWorker = () =>
  workerUrl.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); });`, {
        eval: true,
      })
    : new Worker(workerUrl);

interface Task {
  job: Omit<FaceJob, 'id'>;
  resolve: (analysis: FaceAnalysis) => void;
  reject: (error: Error) => void;
}

export interface FaceEngineOptions {
  /** inference threads (default: one per core) */
  workers?: number;
  /** analyses that may wait for a thread; beyond, analyse rejects at once with FaceEngineBusyError */
  queueMax?: number;
}

/**
 * The face engine on a pool of worker threads: decoding and inference never run on the event loop.
 * Threads start on first use and each loads the models once (about a second); an idle pool does not
 * keep the process alive; a thread that dies fails its job and is replaced by the next job.
 */
export function createFaceEngine({ workers = availableParallelism(), queueMax = 32 }: FaceEngineOptions = {}): FaceEngine {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Task & { id: number }>();
  const waiting: Task[] = [];
  const all = new Set<Worker>();
  let ids = 0;
  let closed = false;

  const dispatch = () => {
    while (waiting.length > 0) {
      const worker = idle.pop() ?? (all.size < workers ? spawn() : undefined);
      if (!worker) return;
      ids += 1;
      const task = { ...(waiting.shift() as Task), id: ids };
      busy.set(worker, task);
      worker.ref();
      worker.postMessage({ id: task.id, ...task.job } satisfies FaceJob, [task.job.image.buffer as ArrayBuffer]);
    }
  };

  const spawn = () => {
    const worker = newWorker();
    all.add(worker);
    worker.unref();
    worker.on('message', (answer: FaceAnswer) => {
      const task = busy.get(worker);
      if (!task || task.id !== answer.id) return;
      busy.delete(worker);
      worker.unref();
      idle.push(worker);
      if ('analysis' in answer) task.resolve(answer.analysis);
      else task.reject(answer.unreadable ? new UnreadableImageError(answer.error) : new Error(answer.error));
      dispatch();
    });
    const lost = (error: Error) => {
      if (!all.delete(worker)) return;
      busy.get(worker)?.reject(error);
      busy.delete(worker);
      const index = idle.indexOf(worker);
      if (index >= 0) idle.splice(index, 1);
      if (!closed) dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`face worker exited (${code})`)));
    return worker;
  };

  return {
    model: FACE_MODEL_NAME,
    analyse(image: Buffer, options: AnalyseOptions = {}) {
      if (closed) return Promise.reject(new Error('face engine closed'));
      if (waiting.length >= queueMax && idle.length === 0 && all.size >= workers) return Promise.reject(new FaceEngineBusyError());
      // the worker gets its own copy: the caller's buffer may be a slice of a shared pool
      const copy = new Uint8Array(image.byteLength);
      copy.set(image);
      return new Promise<FaceAnalysis>((resolve, reject) => {
        waiting.push({ job: { image: copy, options }, resolve, reject });
        dispatch();
      });
    },
    similarity,
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(new Error('face engine closed'));
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}

/**
 * The engine's embeddings are unit vectors (face-model.ts), so their euclidean distance runs from 0
 * (the same face) to 2; similarity is 1 − distance, floored at 0. On the fixtures one person's photos
 * scored 0.573–0.87, different people's up to 0.635 (FACE_MATCH_THRESHOLD in config.ts).
 */
export function similarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('embeddings of different models');
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] - b[i]) ** 2;
  return Math.max(0, 1 - Math.sqrt(sum));
}

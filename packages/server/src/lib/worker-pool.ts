import { parentPort, type Transferable, Worker } from 'node:worker_threads';

/**
 * A pool of worker threads for CPU-heavy work that must not stall the event loop (GOST arithmetic,
 * the face model). Threads start on first use and are reused; an idle pool does not keep the process
 * alive; a thread that dies fails its job and the next job starts another. Beyond `queueMax` jobs
 * waiting for a thread, `run` rejects at once with `busy()`: the caller is told to come back rather
 * than queued for minutes.
 *
 * The worker module answers its jobs with `answerJobs` (below).
 */
export interface WorkerPoolOptions {
  /** the worker module, as `workerModule(import.meta.url, name)` gives it */
  module: URL;
  /** threads at most */
  size: number;
  /** jobs that may wait for a thread */
  queueMax: number;
  /** the error a job beyond the queue is rejected with */
  busy: () => Error;
}

/** A job the worker refused: its message, and the code the worker gave the error (see `answerJobs`). */
export class WorkerJobError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type Answer<Result> = { id: number; result: Result } | { id: number; error: string; code?: string };

interface Task<Job, Result> {
  job: Job;
  transfer: readonly Transferable[];
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

export class WorkerPool<Job, Result> {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task<Job, Result> & { id: number }>();
  private readonly waiting: Task<Job, Result>[] = [];
  private readonly all = new Set<Worker>();
  private ids = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs `job` on a thread; `transfer` lists buffers of the job handed to the thread rather than copied. */
  run(job: Job, transfer: readonly Transferable[] = []): Promise<Result> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    if (this.waiting.length >= this.options.queueMax && this.idle.length === 0 && this.all.size >= this.options.size) {
      return Promise.reject(this.options.busy());
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, transfer, resolve, reject });
      this.dispatch();
    });
  }

  /** Fails the waiting jobs and stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error('worker pool closed'));
    await Promise.all([...this.all].map((worker) => worker.terminate()));
  }

  private dispatch() {
    while (this.waiting.length > 0) {
      const worker = this.idle.pop() ?? (this.all.size < this.options.size ? this.spawn() : undefined);
      if (!worker) return;
      this.ids += 1;
      const task = { ...(this.waiting.shift() as Task<Job, Result>), id: this.ids };
      this.busy.set(worker, task);
      worker.ref();
      worker.postMessage({ id: task.id, job: task.job }, task.transfer);
    }
  }

  private spawn(): Worker {
    const worker = startWorker(this.options.module);
    this.all.add(worker);
    worker.unref();
    worker.on('message', (answer: Answer<Result>) => {
      const task = this.busy.get(worker);
      if (!task || task.id !== answer.id) return;
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if ('error' in answer) task.reject(new WorkerJobError(answer.error, answer.code));
      else task.resolve(answer.result);
      this.dispatch();
    });
    const lost = (error: Error) => {
      if (!this.all.delete(worker)) return;
      this.busy.get(worker)?.reject(error);
      this.busy.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`worker thread exited (${code})`)));
    return worker;
  }
}

/**
 * The worker module `name` beside the caller (`import.meta.url`). Under tsx or vitest the caller is
 * TypeScript, and so is the worker; in the built server both are JavaScript.
 */
export function workerModule(callerUrl: string, name: string): URL {
  return new URL(`./${name}.${callerUrl.endsWith('.ts') ? 'ts' : 'js'}`, callerUrl);
}

/** Node does not load a TypeScript worker alone: it registers tsx's loader first (tsx is a development dependency). */
function startWorker(module: URL): Worker {
  return module.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`, {
        eval: true,
      })
    : new Worker(module);
}

/**
 * In a worker module: answers each job of its pool with `handle`'s result, or with the error's
 * message and the code `codeOf` gives it (the pool rejects with a WorkerJobError carrying both).
 */
export function answerJobs<Job, Result>(
  handle: (job: Job) => Result | Promise<Result>,
  codeOf: (error: unknown) => string | undefined = () => undefined,
): void {
  const port = parentPort;
  if (!port) throw new Error('answerJobs runs in a worker thread');
  port.on('message', async ({ id, job }: { id: number; job: Job }) => {
    let answer: Answer<Result>;
    try {
      answer = { id, result: await handle(job) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? error.message : String(error), code: codeOf(error) };
    }
    port.postMessage(answer);
  });
}

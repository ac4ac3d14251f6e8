import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { unavailable } from '../../../errors.js';
import type { GostFamily } from './gost-algorithms.js';
import type { GostAnswer, GostJob } from './gost-worker.js';

/** Workers at most: GOST work never takes every core from the requests. */
const SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Jobs waiting at most; beyond, the caller is told the verifier is busy (503) rather than queued for minutes. */
const MAX_WAITING = 64;

/**
 * The worker's code. Under tsx or vitest this module is TypeScript, and so is the worker's: Node does
 * not load it alone, so the worker registers tsx's loader first (tsx is a development dependency).
 */
const workerUrl = new URL(`./gost-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
const newWorker = () =>
  workerUrl.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); });`, {
        eval: true,
      })
    : new Worker(workerUrl);

interface Task {
  job: GostJob;
  resolve: (result: boolean | Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * A small pool of worker threads for GOST signatures and digests, created on first use and reused:
 * the pure-JS GOST engine takes tens of milliseconds per signature (and seconds to hash a national
 * CRL), which on the event loop would stall every other request. Idle workers do not keep the
 * process alive; one that dies is replaced and its job fails.
 */
class GostWorkers {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task & { id: number }>();
  private readonly waiting: Task[] = [];
  private workers = 0;
  private ids = 0;

  run(job: GostJob): Promise<boolean | Uint8Array> {
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(unavailable('gost_verifier_unavailable'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.waiting.length > 0) {
      const worker = this.idle.pop() ?? (this.workers < SIZE ? this.spawn() : undefined);
      if (!worker) return;
      this.ids += 1;
      const task = { ...(this.waiting.shift() as Task), id: this.ids };
      this.busy.set(worker, task);
      worker.ref();
      worker.postMessage({ id: task.id, job: task.job });
    }
  }

  private spawn(): Worker {
    const worker = newWorker();
    this.workers += 1;
    worker.on('message', (answer: GostAnswer) => {
      const task = this.busy.get(worker);
      if (!task || task.id !== answer.id) return;
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if ('error' in answer) task.reject(new Error(answer.error));
      else task.resolve(answer.result);
      this.dispatch();
    });
    const lost = (error: Error) => {
      if (!this.busy.has(worker) && !this.idle.includes(worker)) return;
      this.busy.get(worker)?.reject(error);
      this.busy.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      this.workers -= 1;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`GOST worker exited (${code})`)));
    return worker;
  }
}

const workers = new GostWorkers();

/** verifyGostSignature on a worker thread. */
export async function verifyGostOffThread(family: GostFamily, key: Uint8Array, signature: Uint8Array, data: Uint8Array) {
  return (await workers.run({ op: 'verify', family: family.name, key, signature, data })) === true;
}

/** gostDigest on a worker thread. */
export async function gostDigestOffThread(family: GostFamily, data: Uint8Array): Promise<Buffer> {
  const digest = await workers.run({ op: 'digest', family: family.name, data });
  if (!(digest instanceof Uint8Array)) throw new Error('the GOST worker answered no digest');
  return Buffer.from(digest);
}

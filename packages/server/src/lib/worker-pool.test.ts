import { afterEach, describe, expect, it } from 'vitest';
import type { PoolTestJob } from '../test/pool-worker.js';
import { WorkerJobError, WorkerPool, workerModule } from './worker-pool.js';

describe('workerModule', () => {
  it('names the worker beside the caller, in the caller’s language', () => {
    expect(workerModule('file:///app/src/a/pool.ts', 'job-worker').href).toBe('file:///app/src/a/job-worker.ts');
    expect(workerModule('file:///app/dist/a/pool.js', 'job-worker').href).toBe('file:///app/dist/a/job-worker.js');
  });
});

class Busy extends Error {}

const pools: WorkerPool<PoolTestJob, string>[] = [];
const pool = (size: number, queueMax: number) => {
  const created = new WorkerPool<PoolTestJob, string>({
    // tests run on the TypeScript sources: the worker is the .ts file, started through tsx's loader
    module: new URL('../test/pool-worker.ts', import.meta.url),
    size,
    queueMax,
    busy: () => new Busy(),
  });
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('answers each job from a thread, and a worker’s error with its message and code', async () => {
    const workers = pool(2, 4);
    expect(await Promise.all([workers.run({ echo: 'a' }), workers.run({ echo: 'b' }), workers.run({ echo: 'c' })])).toEqual([
      'a',
      'b',
      'c',
    ]);
    const refused = await workers.run({ fail: 'unreadable' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkerJobError);
    expect(refused).toMatchObject({ message: 'failed with unreadable', code: 'unreadable' });
  });

  it('refuses at once with its busy error beyond the queue, and runs the queued jobs', async () => {
    const workers = pool(1, 1);
    const running = workers.run({ waitMs: 300 });
    const queued = workers.run({ echo: 'next' });
    await expect(workers.run({ echo: 'one too many' })).rejects.toBeInstanceOf(Busy);
    expect(await Promise.all([running, queued])).toEqual(['waited', 'next']);
  });

  it('fails the job of a thread that dies, and runs the next on a new thread', async () => {
    const workers = pool(1, 2);
    await expect(workers.run({ die: true })).rejects.toThrow(/exited \(3\)/);
    expect(await workers.run({ echo: 'alive' })).toBe('alive');
  });

  it('fails the waiting jobs when closed', async () => {
    const workers = pool(1, 2);
    const settled = (job: Promise<string>) =>
      job.then(
        () => 'answered',
        (error: Error) => error.message,
      );
    const running = settled(workers.run({ waitMs: 2000 }));
    const waiting = settled(workers.run({ echo: 'never' }));
    await workers.close();
    expect(await waiting).toBe('worker pool closed');
    expect(await running).toMatch(/exited/);
    await expect(workers.run({ echo: 'after' })).rejects.toThrow('worker pool closed');
  });
});

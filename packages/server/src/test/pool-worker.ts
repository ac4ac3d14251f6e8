import { answerJobs } from '../lib/worker-pool.js';

/** A worker for the pool's own tests: echoes, fails with a code, waits, or dies, as each job asks. */
export type PoolTestJob = { echo: string } | { fail: string } | { waitMs: number } | { die: true };

class CodedError extends Error {
  constructor(readonly code: string) {
    super(`failed with ${code}`);
  }
}

answerJobs(
  async (job: PoolTestJob) => {
    if ('echo' in job) return job.echo;
    if ('fail' in job) throw new CodedError(job.fail);
    if ('waitMs' in job) return new Promise<string>((resolve) => setTimeout(() => resolve('waited'), job.waitMs));
    process.exit(3);
  },
  (error) => (error instanceof CodedError ? error.code : undefined),
);

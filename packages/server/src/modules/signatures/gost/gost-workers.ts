import { availableParallelism } from 'node:os';
import { unavailable } from '../../../errors.js';
import { WorkerPool, workerModule } from '../../../lib/worker-pool.js';
import type { GostFamily } from './gost-algorithms.js';
import type { GostJob } from './gost-worker.js';

/**
 * A small pool of worker threads for GOST signatures and digests: the pure-JS GOST engine takes tens
 * of milliseconds per signature (and seconds to hash a national CRL), which on the event loop would
 * stall every other request. At most two threads, never every core; beyond 64 waiting jobs the caller
 * is told the verifier is busy (503) rather than queued for minutes.
 */
const workers = new WorkerPool<GostJob, boolean | Uint8Array>({
  module: workerModule(import.meta.url, 'gost-worker'),
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queueMax: 64,
  busy: () => unavailable('gost_verifier_unavailable'),
});

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

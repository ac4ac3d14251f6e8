import { answerJobs } from '../../../lib/worker-pool.js';
import { GOST_FAMILIES, gostDigest, verifyGostSignature } from './gost-algorithms.js';

/** What the GOST workers do: pure-JS GOST arithmetic and hashing, each call tens of milliseconds or more. */
export type GostJob =
  | { op: 'verify'; family: string; key: Uint8Array; signature: Uint8Array; data: Uint8Array }
  | { op: 'digest'; family: string; data: Uint8Array };

answerJobs((job: GostJob): boolean | Uint8Array => {
  const family = GOST_FAMILIES.find((f) => f.name === job.family);
  if (!family) throw new Error(`unknown GOST family ${job.family}`);
  return job.op === 'verify' ? verifyGostSignature(family, job.key, job.signature, job.data) : gostDigest(family, job.data);
});

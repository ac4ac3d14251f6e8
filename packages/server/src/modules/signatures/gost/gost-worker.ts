import { parentPort } from 'node:worker_threads';
import { GOST_FAMILIES, gostDigest, verifyGostSignature } from './gost-algorithms.js';

/** What the GOST workers do: pure-JS GOST arithmetic and hashing, each call tens of milliseconds or more. */
export type GostJob =
  | { op: 'verify'; family: string; key: Uint8Array; signature: Uint8Array; data: Uint8Array }
  | { op: 'digest'; family: string; data: Uint8Array };

export type GostAnswer = { id: number; result: boolean | Uint8Array } | { id: number; error: string };

function run(job: GostJob): boolean | Uint8Array {
  const family = GOST_FAMILIES.find((f) => f.name === job.family);
  if (!family) throw new Error(`unknown GOST family ${job.family}`);
  return job.op === 'verify' ? verifyGostSignature(family, job.key, job.signature, job.data) : gostDigest(family, job.data);
}

parentPort?.on('message', ({ id, job }: { id: number; job: GostJob }) => {
  let answer: GostAnswer;
  try {
    answer = { id, result: run(job) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});

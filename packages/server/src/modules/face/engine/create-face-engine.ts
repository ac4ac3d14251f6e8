import { availableParallelism } from 'node:os';
import { WorkerJobError, WorkerPool, workerModule } from '../../../lib/worker-pool.js';
import { type AnalyseOptions, type FaceAnalysis, type FaceEngine, FaceEngineBusyError, UnreadableImageError } from './face-engine.js';
import type { FaceJob } from './face-worker.js';
import { FACE_MODEL_NAME } from './model-files.js';

export interface FaceEngineOptions {
  /** inference threads (default: one per core) */
  workers?: number;
  /** analyses that may wait for a thread; beyond, analyse rejects at once with FaceEngineBusyError */
  queueMax?: number;
}

/**
 * The face engine on a pool of worker threads (face-worker.ts): decoding and inference never run on
 * the event loop. Each thread loads the models once (about a second).
 */
export function createFaceEngine({ workers = availableParallelism(), queueMax = 32 }: FaceEngineOptions = {}): FaceEngine {
  const pool = new WorkerPool<FaceJob, FaceAnalysis>({
    module: workerModule(import.meta.url, 'face-worker'),
    size: workers,
    queueMax,
    busy: () => new FaceEngineBusyError(),
  });
  return {
    model: FACE_MODEL_NAME,
    async analyse(image: Buffer, options: AnalyseOptions = {}) {
      // the worker gets its own copy: the caller's buffer may be a slice of a shared pool
      const copy = new Uint8Array(image.byteLength);
      copy.set(image);
      try {
        return await pool.run({ image: copy, options }, [copy.buffer]);
      } catch (error) {
        if (error instanceof WorkerJobError && error.code === UnreadableImageError.code) throw new UnreadableImageError(error.message);
        throw error;
      }
    },
    similarity,
    close: () => pool.close(),
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

import { parentPort } from 'node:worker_threads';
import type { AnalyseOptions, FaceAnalysis } from './face-engine.js';
import { UnreadableImageError } from './face-engine.js';
import { analyseImage, loadModels } from './face-model.js';

/** One face worker thread: loads the models once, then analyses one image at a time. */
export interface FaceJob {
  id: number;
  image: Uint8Array;
  options: AnalyseOptions;
}

export type FaceAnswer = { id: number; analysis: FaceAnalysis } | { id: number; error: string; unreadable: boolean };

const port = parentPort;
if (!port) throw new Error('face-worker.ts runs as a worker thread');

// load while the first job is on its way
loadModels().catch(() => {});
port.on('message', async ({ id, image, options }: FaceJob) => {
  let answer: FaceAnswer;
  try {
    answer = { id, analysis: await analyseImage(image, options) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error), unreadable: error instanceof UnreadableImageError };
  }
  port.postMessage(answer);
});

import { answerJobs } from '../../../lib/worker-pool.js';
import type { AnalyseOptions, FaceAnalysis } from './face-engine.js';
import { UnreadableImageError } from './face-engine.js';
import { analyseImage, loadModels } from './face-model.js';

/** One face worker thread: loads the models once, then analyses one image at a time. */
export interface FaceJob {
  image: Uint8Array;
  options: AnalyseOptions;
}

// load while the first job is on its way
loadModels().catch(() => {});
answerJobs(
  ({ image, options }: FaceJob): Promise<FaceAnalysis> => analyseImage(image, options),
  (error) => (error instanceof UnreadableImageError ? UnreadableImageError.code : undefined),
);

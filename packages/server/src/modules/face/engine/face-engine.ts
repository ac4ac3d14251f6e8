/**
 * The face model behind one small interface (docs/ARCHITECTURE.md "Face check"): the rest of the
 * face module asks only this, so a stronger detector or embedding model can replace today's.
 */

/** One face found in an image. */
export interface FoundFace {
  /** x, y, width, height in the image's pixels (after its EXIF orientation is applied) */
  box: [number, number, number, number];
  /** the detector's confidence, 0…1 */
  score: number;
  /** the liveness model's score, 0…1 (1: a live person in front of the camera) */
  liveness: number;
  /** the recognition model's embedding; computed for the faces `analyse` was asked to embed, else null */
  embedding: number[] | null;
}

export interface FaceAnalysis {
  width: number;
  height: number;
  /** largest first */
  faces: FoundFace[];
}

export interface AnalyseOptions {
  /** which faces get an embedding: the largest only (the default: enrolment and checks), all, or none */
  embed?: 'largest' | 'all' | 'none';
  /**
   * what the embeddings are for: a photo to enrol (the default), described once and kept, so worth
   * the model's most careful reading; or a camera check's shot, described on every check, so read at
   * about a fifth less time. FACE_MATCH_THRESHOLD is calibrated on shots read as checks against
   * photos read as enrolments.
   */
  purpose?: 'enrolment' | 'check';
}

export interface FaceEngine {
  /** names the detector and embedding model and their versions; stored with each enrolment */
  readonly model: string;
  /** finds the faces in a JPEG or PNG; rejects with UnreadableImageError or FaceEngineBusyError */
  analyse(image: Buffer, options?: AnalyseOptions): Promise<FaceAnalysis>;
  /** 0…1 similarity of two embeddings of this engine's model (1: identical) */
  similarity(a: readonly number[], b: readonly number[]): number;
  close(): Promise<void>;
}

/** Every inference thread is busy and the queue is full: the caller answers "busy, try again". */
export class FaceEngineBusyError extends Error {
  constructor() {
    super('face engine busy');
  }
}

/** Not a JPEG or PNG that decodes, or too large to analyse. */
export class UnreadableImageError extends Error {
  /** how the refusal crosses from a worker thread (WorkerJobError.code) */
  static readonly code = 'unreadable';
}

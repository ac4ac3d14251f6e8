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
  /** the anti-spoofing model's "real" score, 0…1 */
  real: number;
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
}

/** Images are analysed at most this large (longest side, pixels; larger ones are scaled down first). */
export const ANALYSED_SIDE = 800;

/**
 * A suggestion for "face too small": the detector's box (the face with a margin) under this many
 * pixels of the analysed image. The smallest fixture face that still matched reliably (J under a hat
 * in grand_canyon_2) has a 108-pixel box; faces much smaller give blurred chips and unreliable scores.
 */
export const MIN_FACE_PIXELS = 80;

/** Whether a found face is below MIN_FACE_PIXELS in the analysed image. */
export function isSmallFace(face: FoundFace, analysis: Pick<FaceAnalysis, 'width' | 'height'>): boolean {
  const scale = Math.min(1, ANALYSED_SIDE / Math.max(analysis.width, analysis.height));
  return Math.min(face.box[2], face.box[3]) * scale < MIN_FACE_PIXELS;
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
export class UnreadableImageError extends Error {}

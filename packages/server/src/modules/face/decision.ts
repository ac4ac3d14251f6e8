import type { FaceCheckReason } from '@oqu/contracts';
import type { FaceAnalysis, FoundFace } from './engine/face-engine.js';

/**
 * The smallest face, in pixels of its box's shorter side, that is compared or enrolled. A webcam at
 * arm's length gives 150–250 px; the fixtures' smallest real face (grand_canyon_2, ~108 px) enrols,
 * while faces far in the background of a shot are left out rather than counted as a second person.
 */
export const MIN_FACE_PX = 80;

export interface Thresholds {
  /** FACE_MATCH_THRESHOLD: the similarity from which two faces are one person */
  match: number;
  /** FACE_LIVENESS_THRESHOLD: the liveness under which a shot is refused as not live */
  liveness: number;
}

const isUsable = (face: FoundFace) => Math.min(face.box[2], face.box[3]) >= MIN_FACE_PX;

/**
 * The one face of a photo or shot that is compared: exactly one face of usable size, else why not
 * (none at all; several of usable size; only faces too small).
 */
export function singleFace(analysis: FaceAnalysis): { face: FoundFace } | { reason: 'no_face' | 'several_faces' | 'small_face' } {
  if (analysis.faces.length === 0) return { reason: 'no_face' };
  const usable = analysis.faces.filter(isUsable);
  if (usable.length > 1) return { reason: 'several_faces' };
  const [face] = usable;
  return face ? { face } : { reason: 'small_face' };
}

export interface ShotDecision {
  matched: boolean;
  /** null on a match */
  reason: FaceCheckReason | null;
  /** the best over the enrolled photos; 0 when nothing was compared */
  similarity: number;
  /** the shot's face's; null when no single face was found */
  liveness: number | null;
}

/**
 * A camera shot against the caller's enrolled photos: one usable face, live enough, and as similar
 * as the threshold to at least one of them. `similarities` are the shot's face against each enrolment.
 */
export function decideShot(
  shot: { reason: FaceCheckReason } | { liveness: number; similarities: readonly number[] },
  thresholds: Thresholds,
): ShotDecision {
  if ('reason' in shot) return { matched: false, reason: shot.reason, similarity: 0, liveness: null };
  const { liveness, similarities } = shot;
  if (similarities.length === 0) return { matched: false, reason: 'not_enrolled', similarity: 0, liveness };
  const similarity = Math.max(...similarities);
  if (liveness < thresholds.liveness) return { matched: false, reason: 'not_live', similarity, liveness };
  if (similarity < thresholds.match) return { matched: false, reason: 'no_match', similarity, liveness };
  return { matched: true, reason: null, similarity, liveness };
}

/** Two photos of the staff's comparison: their largest faces as similar as the threshold (no liveness: photos are not live). */
export function decidePair(similarity: number | null, thresholds: Thresholds): { matched: boolean; reason: FaceCheckReason | null } {
  if (similarity === null) return { matched: false, reason: 'no_face' };
  return similarity >= thresholds.match ? { matched: true, reason: null } : { matched: false, reason: 'no_match' };
}

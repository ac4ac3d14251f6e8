import type { FaceCheckReason, FaceCompareResponse, FaceVerifyResponse, Language } from '@oqu/contracts';
import { type MessageKey, translate } from '../../i18n/messages.js';
import type { ShotDecision } from './decision.js';

/** What the caller reads for each reason a shot did not match (spec §8 'face_not_recognized', with the why). */
const NOT_RECOGNIZED: Record<FaceCheckReason, MessageKey> = {
  no_face: 'face_not_recognized_no_face',
  several_faces: 'face_not_recognized_several_faces',
  small_face: 'face_not_recognized_small_face',
  not_live: 'face_not_recognized_not_live',
  no_match: 'face_not_recognized_no_match',
  not_enrolled: 'face_not_recognized_not_enrolled',
};

/** Scores go out rounded: their last digits say nothing and vary by platform. */
const score = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

export function toComparison(result: { matched: boolean; reason: FaceCheckReason | null; similarity: number }): FaceCompareResponse {
  return { status: true, message: '', FaceMatches: result.matched ? 1 : 0, Similarity: score(result.similarity), Reason: result.reason };
}

export function toVerification(decision: ShotDecision, language: Language): FaceVerifyResponse {
  return {
    status: true,
    message: translate(decision.reason ? NOT_RECOGNIZED[decision.reason] : 'face_recognized', language),
    FaceMatches: decision.matched ? 1 : 0,
    Similarity: score(decision.similarity),
    Liveness: decision.liveness === null ? null : score(decision.liveness),
    Reason: decision.reason,
  };
}

import type { FaceCheckReason, FaceVerifyResponse } from '@oqu/contracts';
import { ApiError } from '../../lib/api';

/** What the camera check compares the shot for: a webinar the trainee joins, or an exam the examiner starts. */
export type FaceCheckTarget = { WebID: number } | { ExamID: number };

/** What one shot came to. */
export type ShotOutcome =
  | { kind: 'match' }
  /** not this person, or no usable face: `message` is the server's, else the reason's text */
  | { kind: 'mismatch'; reason: FaceCheckReason | null; message: string }
  /** the server's comparison queue is full: the next tick tries again */
  | { kind: 'busy' }
  /** the call failed: shown; a network or server failure is tried again next tick, a refusal (4xx) ends the check */
  | { kind: 'error'; message: string; final: boolean };

/**
 * Reads a verify answer or its refusal. A non-match may come as a 200 or as a refusal carrying the
 * same fields (`Reason`); a 429 is the queue's "busy".
 */
export function shotOutcome(result: { answer: FaceVerifyResponse } | { error: unknown }): ShotOutcome {
  if ('answer' in result) {
    const { answer } = result;
    if (answer.FaceMatches === 1) return { kind: 'match' };
    return { kind: 'mismatch', reason: answer.Reason, message: answer.message };
  }
  const { error } = result;
  if (!(error instanceof ApiError)) return { kind: 'error', message: '', final: false };
  if (error.status === 429) return { kind: 'busy' };
  const body = error.body as Partial<FaceVerifyResponse> | undefined;
  if (body && typeof body === 'object' && 'Reason' in body && body.FaceMatches !== 1) {
    return { kind: 'mismatch', reason: body.Reason ?? null, message: error.message };
  }
  // a refusal that the next shot would meet again (the webinar is over, not theirs): no point in retrying
  return { kind: 'error', message: error.message, final: error.status >= 400 && error.status < 500 };
}

/** Why the camera could not be used, from getUserMedia's refusal. */
export type CameraProblem = 'denied' | 'absent' | 'in-use' | 'unsupported';

export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'absent';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    default:
      return 'unsupported';
  }
}

/**
 * How long to wait before the next shot: shots start every `seconds` from the previous one's start,
 * but never before the previous answer has come (a slow answer is followed at once, not piled up).
 */
export function delayUntilNextShot(previousShotAt: number, now: number, seconds: number): number {
  return Math.max(0, previousShotAt + seconds * 1000 - now);
}

/**
 * The size a frame is captured at: the camera's own, scaled down to at most `maxWidth` wide (enough
 * for the comparison, and a small upload).
 */
export function captureSize(width: number, height: number, maxWidth = 640): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

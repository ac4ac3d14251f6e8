import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { cameraProblem, captureSize, delayUntilNextShot, shotOutcome } from './logic';

const answer = (FaceMatches: 0 | 1, Reason: 'no_match' | 'no_face' | null = null) => ({
  status: true,
  message: Reason ? 'Лицо не распознано' : '',
  FaceMatches,
  Similarity: 0.4,
  Liveness: 0.9,
  Reason,
});

describe('shotOutcome', () => {
  it('reads a match and a non-match with its reason and message', () => {
    expect(shotOutcome({ answer: answer(1) })).toEqual({ kind: 'match' });
    expect(shotOutcome({ answer: answer(0, 'no_face') })).toEqual({ kind: 'mismatch', reason: 'no_face', message: 'Лицо не распознано' });
  });

  it('reads a refusal that carries a reason as a non-match', () => {
    const error = new ApiError('Нет фотографии', 422);
    error.body = { status: false, message: 'Нет фотографии', FaceMatches: 0, Reason: 'not_enrolled' };
    expect(shotOutcome({ error })).toEqual({ kind: 'mismatch', reason: 'not_enrolled', message: 'Нет фотографии' });
  });

  it('tells the busy queue (429) from failures worth retrying and refusals that end the check', () => {
    expect(shotOutcome({ error: new ApiError('Занято', 429) })).toEqual({ kind: 'busy' });
    expect(shotOutcome({ error: new ApiError('Нет доступа', 403) })).toEqual({ kind: 'error', message: 'Нет доступа', final: true });
    expect(shotOutcome({ error: new ApiError('Сервер недоступен', 503) })).toEqual({
      kind: 'error',
      message: 'Сервер недоступен',
      final: false,
    });
    expect(shotOutcome({ error: new DOMException('aborted', 'AbortError') })).toEqual({ kind: 'error', message: '', final: false });
  });
});

describe('cameraProblem', () => {
  it('names what the person can do about getUserMedia’s refusal', () => {
    expect(cameraProblem(new DOMException('', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('', 'NotFoundError'))).toBe('absent');
    expect(cameraProblem(new DOMException('', 'NotReadableError'))).toBe('in-use');
    expect(cameraProblem(new TypeError('no camera API'))).toBe('unsupported');
    expect(cameraProblem('odd')).toBe('unsupported');
  });
});

describe('delayUntilNextShot', () => {
  it('keeps shots a period apart from the previous one’s start', () => {
    expect(delayUntilNextShot(1_000, 1_400, 10)).toBe(9_600);
  });
  it('shoots at once after an answer slower than the period', () => {
    expect(delayUntilNextShot(1_000, 13_000, 10)).toBe(0);
  });
});

describe('captureSize', () => {
  it('scales a large frame down to 640 wide, keeping its shape', () => {
    expect(captureSize(1280, 720)).toEqual({ width: 640, height: 360 });
  });
  it('keeps a small frame and refuses an empty one', () => {
    expect(captureSize(320, 240)).toEqual({ width: 320, height: 240 });
    expect(captureSize(0, 0)).toEqual({ width: 0, height: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { decidePair, decideShot, MIN_FACE_PX, singleFace } from './decision.js';
import type { FoundFace } from './engine/face-engine.js';

const thresholds = { match: 0.6, liveness: 0.5 };

const face = (side: number): FoundFace => ({ box: [10, 10, side, side + 20], score: 0.9, liveness: 0.9, embedding: [1, 0] });
const analysis = (...sides: number[]) => ({ width: 800, height: 600, faces: sides.map(face) });

describe('the one face of a photo or shot', () => {
  it('is the one face of usable size; faces far in the background do not count', () => {
    expect(singleFace(analysis(200))).toEqual({ face: face(200) });
    expect(singleFace(analysis(200, MIN_FACE_PX - 1, 20))).toEqual({ face: face(200) });
    expect(singleFace(analysis(MIN_FACE_PX))).toEqual({ face: face(MIN_FACE_PX) });
  });

  it('is missing from an image without faces, with several usable ones, or with only small ones', () => {
    expect(singleFace(analysis())).toEqual({ reason: 'no_face' });
    expect(singleFace(analysis(200, 120))).toEqual({ reason: 'several_faces' });
    expect(singleFace(analysis(MIN_FACE_PX - 1, 30))).toEqual({ reason: 'small_face' });
  });

  it('judges a face by the shorter side of its box', () => {
    const wide: FoundFace = { ...face(200), box: [0, 0, 200, MIN_FACE_PX - 1] };
    expect(singleFace({ width: 800, height: 600, faces: [wide] })).toEqual({ reason: 'small_face' });
  });
});

describe('a camera shot against the enrolled photos', () => {
  it('matches on the best similarity at the threshold, with a live face', () => {
    expect(decideShot({ liveness: 0.8, similarities: [0.2, 0.6, 0.4] }, thresholds)).toEqual({
      matched: true,
      reason: null,
      similarity: 0.6,
      liveness: 0.8,
    });
    expect(decideShot({ liveness: 0.5, similarities: [0.9] }, thresholds).matched).toBe(true);
  });

  it('does not match below the threshold, keeping the scores', () => {
    expect(decideShot({ liveness: 0.8, similarities: [0.59, 0.3] }, thresholds)).toEqual({
      matched: false,
      reason: 'no_match',
      similarity: 0.59,
      liveness: 0.8,
    });
  });

  it('refuses a face that does not look live, however similar', () => {
    expect(decideShot({ liveness: 0.49, similarities: [0.99] }, thresholds)).toEqual({
      matched: false,
      reason: 'not_live',
      similarity: 0.99,
      liveness: 0.49,
    });
  });

  it('has nothing to compare with when no photo is enrolled', () => {
    expect(decideShot({ liveness: 0.9, similarities: [] }, thresholds)).toMatchObject({
      matched: false,
      reason: 'not_enrolled',
      similarity: 0,
    });
    expect(decideShot({ reason: 'not_enrolled' }, thresholds)).toEqual({
      matched: false,
      reason: 'not_enrolled',
      similarity: 0,
      liveness: null,
    });
  });

  it('passes on why a shot had no single face', () => {
    for (const reason of ['no_face', 'several_faces', 'small_face'] as const) {
      expect(decideShot({ reason }, thresholds)).toEqual({ matched: false, reason, similarity: 0, liveness: null });
    }
  });

  it('follows the settings: a stricter threshold refuses what a looser one takes', () => {
    const shot = { liveness: 0.7, similarities: [0.65] };
    expect(decideShot(shot, { match: 0.6, liveness: 0.5 }).matched).toBe(true);
    expect(decideShot(shot, { match: 0.7, liveness: 0.5 }).reason).toBe('no_match');
    expect(decideShot(shot, { match: 0.6, liveness: 0.8 }).reason).toBe('not_live');
  });
});

describe('two photos compared by staff', () => {
  it('match from the threshold; a photo without a face is no match', () => {
    expect(decidePair(0.6, thresholds)).toEqual({ matched: true, reason: null });
    expect(decidePair(0.59, thresholds)).toEqual({ matched: false, reason: 'no_match' });
    expect(decidePair(null, thresholds)).toEqual({ matched: false, reason: 'no_face' });
  });
});

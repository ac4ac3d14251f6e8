import { describe, expect, it } from 'vitest';
import { formatScore, formatSpent, SCORM_TONE, scormState, zipProblem } from './format';

const UNITS = { h: 'ч', min: 'мин', s: 'с' };

describe('scormState', () => {
  it('puts the outcome before how far the trainee got', () => {
    expect(scormState({ CompletionStatus: 'completed', SuccessStatus: 'passed' })).toBe('passed');
    expect(scormState({ CompletionStatus: 'incomplete', SuccessStatus: 'failed' })).toBe('failed');
    expect(scormState({ CompletionStatus: 'completed', SuccessStatus: 'unknown' })).toBe('completed');
    expect(scormState({ CompletionStatus: 'incomplete', SuccessStatus: 'unknown' })).toBe('incomplete');
    expect(scormState({ CompletionStatus: 'not attempted', SuccessStatus: 'unknown' })).toBe('notAttempted');
    expect(scormState({ CompletionStatus: 'unknown', SuccessStatus: 'unknown' })).toBe('unknown');
  });

  it('draws passed and completed as done, failed as failed, not attempted muted', () => {
    expect(SCORM_TONE.passed).toBe('done');
    expect(SCORM_TONE.completed).toBe('done');
    expect(SCORM_TONE.failed).toBe('failed');
    expect(SCORM_TONE.notAttempted).toBe('muted');
    expect(SCORM_TONE.incomplete).toBe('pending');
  });
});

describe('formatScore', () => {
  it('writes one decimal in the interface language, none when there is no score', () => {
    expect(formatScore(85.5, 'ru')).toBe('85,5 %');
    expect(formatScore(85.5, 'en')).toBe('85.5 %');
    expect(formatScore(100, 'ru')).toBe('100 %');
    expect(formatScore(null, 'ru')).toBeNull();
    expect(formatScore(Number.NaN, 'ru')).toBeNull();
  });
});

describe('formatSpent', () => {
  it('gives hours and minutes, seconds under a minute', () => {
    expect(formatSpent(0, UNITS)).toBe('0 мин');
    expect(formatSpent(-5, UNITS)).toBe('0 мин');
    expect(formatSpent(40.7, UNITS)).toBe('40 с');
    expect(formatSpent(59 * 60 + 59, UNITS)).toBe('59 мин');
    expect(formatSpent(3600, UNITS)).toBe('1 ч');
    expect(formatSpent(3600 + 5 * 60 + 3, UNITS)).toBe('1 ч 5 мин');
  });
});

describe('zipProblem', () => {
  const zip = (size: number, name = 'course.zip', type = 'application/zip') => ({ name, type, size });
  it('takes a zip up to the limit', () => {
    expect(zipProblem(zip(10_000_000), 10_000_000)).toBeNull();
    expect(zipProblem(zip(5, 'COURSE.ZIP', ''), 10)).toBeNull();
    expect(zipProblem(zip(5, 'course', 'application/x-zip-compressed'), 10)).toBeNull();
  });
  it('refuses another type, an empty file and one over the limit', () => {
    expect(zipProblem(zip(5, 'course.pdf', 'application/pdf'), 10)).toBe('type');
    expect(zipProblem(zip(0), 10)).toBe('empty');
    expect(zipProblem(zip(10_000_001), 10_000_000)).toBe('size');
  });
});

import { describe, expect, it } from 'vitest';
import { isStorable, mergedStatus, resumeData, secondsOf, statusOf, timespanOf, withinDepth } from './cmi.js';

describe('CMI timespans', () => {
  it('reads SCORM 1.2 HHHH:MM:SS.SS and 2004 ISO 8601 durations', () => {
    expect(secondsOf('0000:01:30.50')).toBe(90.5);
    expect(secondsOf('01:02:03')).toBe(3723);
    expect(secondsOf('PT1H2M3.5S')).toBe(3723.5);
    expect(secondsOf('P1DT2H')).toBe(93_600);
    expect(secondsOf('PT0S')).toBe(0);
    for (const bad of ['', 'P', 'PT', '1:2', 'PT-1S', 'abc', 12, null, '00:61:00']) expect(secondsOf(bad), String(bad)).toBeNull();
  });

  it('writes a total in each version’s format', () => {
    expect(timespanOf(90.5, '1.2')).toBe('0000:01:30.50');
    expect(timespanOf(3723.5, '2004')).toBe('PT1H2M3.5S');
    expect(timespanOf(0, '2004')).toBe('PT0H0M0S');
    expect(timespanOf(40_000_000, '1.2')).toMatch(/^9999:/);
  });
});

describe('what a commit says', () => {
  it('reads 1.2 lesson_status and raw score over max', () => {
    const status = (lesson: string) => statusOf({ cmi: { core: { lesson_status: lesson } } }, '1.2');
    expect(status('passed')).toMatchObject({ completion: 'completed', success: 'passed' });
    expect(status('failed')).toMatchObject({ completion: 'completed', success: 'failed' });
    expect(status('completed')).toMatchObject({ completion: 'completed', success: 'unknown' });
    expect(status('incomplete')).toMatchObject({ completion: 'incomplete' });
    expect(status('browsed')).toMatchObject({ completion: 'incomplete' });
    expect(status('not attempted')).toMatchObject({ completion: 'not attempted' });
    expect(statusOf({ core: { score: { raw: '7', max: '10' }, session_time: '00:00:05', exit: 'suspend' } }, '1.2')).toMatchObject({
      score: 70,
      sessionSeconds: 5,
      exit: 'suspend',
    });
  });

  it('reads 2004 completion, success and the scaled score before the raw one', () => {
    expect(
      statusOf({ cmi: { completion_status: 'completed', success_status: 'failed', score: { scaled: '0.456', raw: 99 } } }, '2004'),
    ).toMatchObject({ completion: 'completed', success: 'failed', score: 45.6 });
    expect(statusOf({ cmi: { score: { raw: 150 } } }, '2004').score).toBe(100);
    expect(statusOf({ cmi: { completion_status: 'weird' } }, '2004').completion).toBe('unknown');
  });

  it('keeps completed and passed once reached', () => {
    const later = statusOf({ cmi: { completion_status: 'incomplete', success_status: 'failed' } }, '2004');
    expect(mergedStatus({ completion: 'completed', success: 'passed', score: 90 }, later)).toEqual({
      completion: 'completed',
      success: 'passed',
      score: 90,
    });
  });
});

describe('the data of the next launch', () => {
  it('is null before anything was committed', () => {
    expect(resumeData(null, '1.2', 0)).toBeNull();
    expect(resumeData({}, '2004', 0)).toBeNull();
  });

  it('resumes after a suspend or an exit that said nothing, not after a normal one', () => {
    expect(resumeData({ cmi: { exit: 'suspend', session_time: 'PT5S', location: '2' } }, '2004', 5)).toEqual({
      cmi: { location: '2', entry: 'resume', total_time: 'PT0H0M5S' },
    });
    expect(resumeData({ cmi: { location: '2' } }, '2004', 0)?.cmi).toMatchObject({ entry: 'resume' });
    expect(resumeData({ cmi: { exit: 'normal' } }, '2004', 0)?.cmi).toMatchObject({ entry: '' });
    expect(resumeData({ core: { exit: 'logout', lesson_location: 'x' } }, '1.2', 61)).toEqual({
      core: { lesson_location: 'x', entry: '', total_time: '0000:01:01.00' },
    });
  });
});

describe('bounds', () => {
  it('refuses NUL, lone surrogates and deep nesting', () => {
    expect(isStorable({ a: ['ok', { b: 'я🚀' }] })).toBe(true);
    expect(isStorable({ a: 'x\u0000' })).toBe(false);
    expect(isStorable({ 'k\ud800': 1 })).toBe(false);
    expect(isStorable({ a: '\udc00' })).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 13; i++) deep = { a: deep };
    expect(withinDepth(deep)).toBe(false);
    expect(withinDepth({ a: { b: [1, { c: 2 }] } })).toBe(true);
  });
});

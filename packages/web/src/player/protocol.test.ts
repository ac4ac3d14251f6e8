import { describe, expect, it } from 'vitest';
import { entryUrl, firstLaunchData, launchOf, MESSAGES, resumeData } from './protocol';

const parent = {};

describe('launchOf', () => {
  it('takes the token from the embedding window only', () => {
    expect(launchOf({ source: parent as MessageEventSource, data: { type: MESSAGES.launch, token: 'abc', lang: 'kk' } }, parent)).toEqual({
      token: 'abc',
      language: 'kk',
    });
    expect(launchOf({ source: parent as MessageEventSource, data: { type: MESSAGES.launch, token: 'abc' } }, parent)).toEqual({
      token: 'abc',
      language: 'ru',
    });
    expect(launchOf({ source: {} as MessageEventSource, data: { type: MESSAGES.launch, token: 'abc' } }, parent)).toBeNull();
    expect(launchOf({ source: null, data: { type: MESSAGES.launch, token: 'abc' } }, null)).toBeNull();
    expect(launchOf({ source: parent as MessageEventSource, data: { type: MESSAGES.ready } }, parent)).toBeNull();
    expect(launchOf({ source: parent as MessageEventSource, data: { type: MESSAGES.launch, token: '' } }, parent)).toBeNull();
    expect(launchOf({ source: parent as MessageEventSource, data: { type: MESSAGES.launch, token: 5 } }, parent)).toBeNull();
  });
});

describe('resumeData', () => {
  it('leaves the last session’s own time out, in 2004 and in 1.2, without touching the stored object', () => {
    const stored = { cmi: { location: 'p2', session_time: 'PT5M', total_time: 'PT10M' } };
    expect(resumeData(stored)).toEqual({ cmi: { location: 'p2', total_time: 'PT10M' } });
    expect(stored.cmi.session_time).toBe('PT5M');
    expect(resumeData({ cmi: { core: { lesson_location: 'p2', session_time: '00:05:00' } } })).toEqual({
      cmi: { core: { lesson_location: 'p2' } },
    });
    expect(resumeData({ location: 'p3', session_time: 'PT1M' })).toEqual({ location: 'p3' });
  });
});

describe('entryUrl', () => {
  const origin = 'http://127.0.0.1:3001';
  it('opens the launch file on the player’s own origin only', () => {
    expect(entryUrl('c/tok/index.html?a=1', origin)).toBe(`${origin}/c/tok/index.html?a=1`);
    expect(entryUrl('/c/tok/index.html', origin)).toBe(`${origin}/c/tok/index.html`);
    expect(entryUrl('http://evil.example/x', origin)).toBeNull();
    expect(entryUrl('//evil.example/x', origin)).toBeNull();
  });
});

describe('firstLaunchData', () => {
  it('starts a course from the beginning, in each edition’s element', () => {
    expect(firstLaunchData('2004')).toEqual({ cmi: { entry: 'ab-initio' } });
    expect(firstLaunchData('1.2')).toEqual({ cmi: { core: { entry: 'ab-initio' } } });
  });
});

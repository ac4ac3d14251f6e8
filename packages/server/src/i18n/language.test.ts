import { describe, expect, it } from 'vitest';
import { languageOf } from './language.js';

describe('languageOf', () => {
  it('defaults to Russian', () => {
    expect(languageOf(undefined)).toBe('ru');
    expect(languageOf('de-DE,fr;q=0.8')).toBe('ru');
  });
  it('takes the highest ranked language we speak', () => {
    expect(languageOf('en-US,en;q=0.9')).toBe('en');
    expect(languageOf('de;q=1, kk;q=0.7, en;q=0.5')).toBe('kk');
    expect(languageOf('en;q=0.2, ru;q=0.9')).toBe('ru');
  });
});

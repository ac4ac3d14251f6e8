import { describe, expect, it } from 'vitest';
import { recordLanguage } from './recordLanguage';

describe('recordLanguage', () => {
  it('marks Russian records in a Kazakh or English interface, and nothing in a Russian one', () => {
    expect(recordLanguage('Охрана труда', 'kk')).toBe('ru');
    expect(recordLanguage('Охрана труда', 'en')).toBe('ru');
    expect(recordLanguage('Охрана труда', 'ru')).toBeUndefined();
  });

  it('tells Kazakh by its own letters', () => {
    expect(recordLanguage('Еңбекті қорғау', 'ru')).toBe('kk');
    expect(recordLanguage('Еңбекті қорғау', 'kk')).toBeUndefined();
  });

  it('leaves Latin text and numbers in the page’s language', () => {
    expect(recordLanguage('SCORM 2004', 'kk')).toBeUndefined();
    expect(recordLanguage('2026', 'en')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { cleanText, INT4_MAX, id, isIsoWithOffset, storableText, wholeNumber } from './input.js';

describe('input building blocks', () => {
  it('reads ids within int4 only', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse(INT4_MAX)).toBe(2_147_483_647);
    for (const wrong of [0, -1, 1.5, INT4_MAX + 1, 2 ** 53, 'NaN', 'abc', '', '1e400'])
      expect(id.safeParse(wrong).success, String(wrong)).toBe(false);
    expect(wholeNumber(0, 100).safeParse(101).success).toBe(false);
  });

  it('refuses NUL bytes and lone surrogates, keeps every real character', () => {
    const text = cleanText().trim().max(20);
    for (const wrong of ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', 'end\ud83d'])
      expect(text.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
    for (const right of ['Қазақ', '🚀 emoji', '\u202eRTL', "' OR 1=1 --", '']) expect(text.parse(right)).toBe(right.trim());
    expect(text.safeParse('\u0000').error?.issues[0].message).toBe('text_invalid');
    expect(storableText('a\u0000b\ud800c🚀')).toBe('abc🚀');
  });

  it('reads moments with an offset and a year from 1 to 9999', () => {
    for (const right of ['2026-11-25T10:00+06:00', '2026-11-25T10:00:30Z', '0001-01-01T00:00Z', '9999-12-31T23:59:59.999-14:00'])
      expect(isIsoWithOffset(right), right).toBe(true);
    for (const wrong of [
      '0000-01-01T00:00Z',
      '10000-01-01T00:00Z',
      '2026-02-30T10:00Z',
      '2026-11-25T10:00',
      '2026-11-25',
      '0099-02-29T00:00Z',
    ])
      expect(isIsoWithOffset(wrong), wrong).toBe(false);
    expect(isIsoWithOffset('0096-02-29T00:00Z')).toBe(true);
  });
});

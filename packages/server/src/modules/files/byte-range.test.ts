import { describe, expect, it } from 'vitest';
import { byteRangeOf } from './byte-range.js';

describe('byteRangeOf', () => {
  it('reads one range from a start to an end, cutting the end to the file', () => {
    expect(byteRangeOf('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRangeOf('bytes=5-5', 1000)).toEqual({ start: 5, end: 5 });
    expect(byteRangeOf('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRangeOf('BYTES=1-2', 10)).toEqual({ start: 1, end: 2 });
  });

  it('reads a range from a start to the end of the file', () => {
    expect(byteRangeOf('bytes=10-', 1000)).toEqual({ start: 10, end: 999 });
    expect(byteRangeOf('bytes=999-', 1000)).toEqual({ start: 999, end: 999 });
  });

  it('reads the last n bytes, or the whole file when it is shorter', () => {
    expect(byteRangeOf('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRangeOf('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('finds a range that begins past the end unsatisfiable, and any range of an empty file', () => {
    expect(byteRangeOf('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=1000-2000', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=0-', 0)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it('sends the whole file for no range, several ranges, another unit or a malformed header', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=5-1', 'bytes=a-b', 'bytes 0-1', 'bytes=0-1-2']) {
      expect(byteRangeOf(header, 1000)).toBeNull();
    }
  });
});

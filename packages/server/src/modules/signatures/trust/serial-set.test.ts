import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SerialSet } from './serial-set.js';

describe('a set of serial numbers', () => {
  it('holds what was added, through every growth, and nothing else', () => {
    const serials = Array.from({ length: 20_000 }, (_, i) => randomBytes(1 + (i % 20)));
    const set = new SerialSet(4);
    for (const serial of serials.slice(0, 10_000)) set.add(serial);
    for (const serial of serials.slice(0, 100)) set.add(serial); // again: no duplicates
    const expected = new Set(serials.slice(0, 10_000).map((serial) => serial.toString('hex').replace(/^(00)+(?=.)/, '')));
    expect(set.size).toBe(expected.size);
    for (const serial of serials) {
      expect(set.has(serial)).toBe(expected.has(serial.toString('hex').replace(/^(00)+(?=.)/, '')));
    }
  });

  it('takes a serial within a larger buffer, and the same number with leading zero bytes', () => {
    const set = new SerialSet();
    set.add(Uint8Array.from([0x30, 0x00, 0x00, 0x12, 0x34, 0x17]), 1, 5);
    expect(set.has(Uint8Array.from([0x12, 0x34]))).toBe(true);
    expect(set.has(Uint8Array.from([0x00, 0x12, 0x34]))).toBe(true);
    expect(set.has(Uint8Array.from([0x12, 0x34, 0x00]))).toBe(false);
    set.add(Uint8Array.from([0x00]));
    expect(set.has(Uint8Array.from([0x00, 0x00]))).toBe(true);
    expect(set.size).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { FiguresCache } from './figures-cache.js';

describe('FiguresCache', () => {
  const counting = () => {
    let made = 0;
    return { make: async () => ++made, made: () => made };
  };

  it('reuses a value for its key and version until it expires', async () => {
    let now = 0;
    const cache = new FiguresCache<number>(5_000, 10, () => now);
    const source = counting();
    expect(await cache.get('a', 'v1', source.make)).toBe(1);
    now = 4_999;
    expect(await cache.get('a', 'v1', source.make)).toBe(1);
    now = 5_000;
    expect(await cache.get('a', 'v1', source.make)).toBe(2);
  });

  it('makes it again when the version changes, and keeps keys apart', async () => {
    const cache = new FiguresCache<number>(5_000, 10);
    const source = counting();
    expect(await cache.get('a', 'v1', source.make)).toBe(1);
    expect(await cache.get('b', 'v1', source.make)).toBe(2);
    expect(await cache.get('a', 'v2', source.make)).toBe(3);
    expect(await cache.get('b', 'v1', source.make)).toBe(2);
  });

  it('shares one making between callers asking at once', async () => {
    const cache = new FiguresCache<number>(5_000, 10);
    const source = counting();
    const answers = await Promise.all([cache.get('a', 'v1', source.make), cache.get('a', 'v1', source.make)]);
    expect(answers).toEqual([1, 1]);
    expect(source.made()).toBe(1);
  });

  it('forgets a failed making and drops the oldest key beyond its size', async () => {
    const cache = new FiguresCache<number>(5_000, 2);
    await expect(cache.get('a', 'v1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const source = counting();
    expect(await cache.get('a', 'v1', source.make)).toBe(1);
    await cache.get('b', 'v1', source.make);
    await cache.get('c', 'v1', source.make);
    expect(await cache.get('a', 'v1', source.make)).toBe(4);
  });
});

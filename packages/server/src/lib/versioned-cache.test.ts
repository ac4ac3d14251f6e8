import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.js';

describe('VersionedCache', () => {
  const counting = () => {
    let made = 0;
    return { make: async () => ++made, made: () => made };
  };

  it('makes a value once per key and version, however many ask at the same time', async () => {
    const cache = new VersionedCache<number, number>(10);
    const source = counting();
    expect(await Promise.all([cache.get(7, 0, source.make), cache.get(7, 0, source.make)])).toEqual([1, 1]);
    expect(await cache.get(7, 1, source.make)).toBe(2);
    expect(await cache.get(7, 1, source.make)).toBe(2);
    expect(await cache.get(8, 1, source.make)).toBe(3);
    expect(source.made()).toBe(3);
  });

  it('reuses a value until its time is up, when given one', async () => {
    let now = 0;
    const cache = new VersionedCache<string, number>(10, 5_000, () => now);
    const source = counting();
    expect(await cache.get('a', 'v1', source.make)).toBe(1);
    now = 4_999;
    expect(await cache.get('a', 'v1', source.make)).toBe(1);
    now = 5_000;
    expect(await cache.get('a', 'v1', source.make)).toBe(2);
  });

  it('forgets a failed making', async () => {
    const cache = new VersionedCache<string, number>(10);
    await expect(cache.get('a', 'v1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.get('a', 'v1', async () => 1)).toBe(1);
  });

  it('keeps the keys used last when full', async () => {
    const made: number[] = [];
    const cache = new VersionedCache<number, number>(2);
    const get = (key: number) =>
      cache.get(key, 0, async () => {
        made.push(key);
        return key;
      });
    await get(1);
    await get(2);
    await get(1); // 1 is now the latest used
    await get(3); // 2 goes
    await get(1);
    await get(2);
    expect(made).toEqual([1, 2, 3, 2]);
  });
});

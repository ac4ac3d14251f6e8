import { describe, expect, it } from 'vitest';
import type { QuestionRow } from './attempts.repository.js';
import { inAttemptOrder, QuestionsCache } from './questions-cache.js';

const question = (id: number) => ({ id, text: `Вопрос ${id}` }) as QuestionRow;

describe('QuestionsCache', () => {
  it('loads a test once per version, however many ask at the same time', async () => {
    const loads: number[] = [];
    const cache = new QuestionsCache(async (testId) => {
      loads.push(testId);
      return [question(loads.length)];
    });
    const [a, b] = await Promise.all([cache.get(7, 0), cache.get(7, 0)]);
    expect(a).toBe(b);
    expect(loads).toEqual([7]);
    expect((await cache.get(7, 1))[0]?.id).toBe(2);
    expect((await cache.get(7, 1))[0]?.id).toBe(2);
    expect(loads).toEqual([7, 7]);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new QuestionsCache(async () => {
      if (fail) throw new Error('connection lost');
      return [question(1)];
    });
    await expect(cache.get(1, 0)).rejects.toThrow('connection lost');
    fail = false;
    expect(await cache.get(1, 0)).toEqual([question(1)]);
  });

  it('keeps the tests used last when full', async () => {
    const loads: number[] = [];
    const cache = new QuestionsCache(async (testId) => {
      loads.push(testId);
      return [];
    }, 2);
    await cache.get(1, 0);
    await cache.get(2, 0);
    await cache.get(1, 0); // 1 is now the latest used
    await cache.get(3, 0); // 2 goes
    await cache.get(1, 0);
    await cache.get(2, 0);
    expect(loads).toEqual([1, 2, 3, 2]);
  });
});

describe('inAttemptOrder', () => {
  const rows = [1, 2, 3, 4].map(question);

  it("puts the questions in the attempt's order", () => {
    expect(inAttemptOrder(rows, [3, 1, 4, 2]).map((q) => q.id)).toEqual([3, 1, 4, 2]);
  });

  it('leaves out questions archived since and adds new ones after, in the test order', () => {
    expect(inAttemptOrder([...rows, question(5)], [4, 9, 2, 1]).map((q) => q.id)).toEqual([4, 2, 1, 3, 5]);
  });

  it("keeps the test's order for an attempt without one", () => {
    expect(inAttemptOrder(rows, null).map((q) => q.id)).toEqual([1, 2, 3, 4]);
  });
});

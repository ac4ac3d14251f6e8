import { describe, expect, it } from 'vitest';
import type { QuestionRow } from './attempts.repository.js';
import { inAttemptOrder } from './question-order.js';

const question = (id: number) => ({ id, text: `Вопрос ${id}` }) as QuestionRow;

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

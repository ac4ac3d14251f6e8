import { describe, expect, it } from 'vitest';
import { DEMO_PLAN, DEMO_TOPICS } from './demo.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

describe('demo catalogue', () => {
  it('has topics of both types with the lesson texts filled in', () => {
    expect(DEMO_TOPICS.length).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_TOPICS.map((t) => t.typeId))).toEqual(new Set([9, 10]));
    expect(new Set(DEMO_TOPICS.map((t) => t.name)).size).toBe(DEMO_TOPICS.length);
    expect(new Set(DEMO_TOPICS.map((t) => t.number)).size).toBe(DEMO_TOPICS.length);
    for (const topic of DEMO_TOPICS) {
      for (const text of [topic.description, topic.thematic, topic.lessonPlan, topic.outline, topic.equipment, topic.teachingAids]) {
        expect(text.trim(), topic.name).not.toBe('');
      }
      expect(topic.hours, topic.name).toBeGreaterThan(0);
      expect(Math.round(topic.hours * 10), topic.name).toBe(topic.hours * 10);
    }
    expect(DEMO_PLAN.duties.length).toBeGreaterThan(0);
  });

  it('gives every topic a test of 4–6 questions whose right answer is one of its variants', () => {
    let withE = 0;
    for (const { test, name } of DEMO_TOPICS) {
      expect(test.questions.length, name).toBeGreaterThanOrEqual(4);
      expect(test.questions.length, name).toBeLessThanOrEqual(6);
      expect(test.passMarks).toBeGreaterThanOrEqual(0);
      expect(test.passMarks).toBeLessThanOrEqual(100);
      expect(test.durationMinutes).toBeGreaterThan(0);
      for (const question of test.questions) {
        expect(question.variants.length, question.text).toBeGreaterThanOrEqual(4);
        expect(question.variants.length, question.text).toBeLessThanOrEqual(6);
        expect(new Set(question.variants).size, question.text).toBe(question.variants.length);
        expect(LETTERS.indexOf(question.correct), question.text).toBeLessThan(question.variants.length);
        for (const variant of question.variants) expect(variant.trim(), question.text).not.toBe('');
        if (question.variants.length >= 5) withE += 1;
      }
    }
    expect(withE).toBeGreaterThan(0);
  });

  it('does not always put the right answer under the same letter', () => {
    const letters = new Set(DEMO_TOPICS.flatMap((t) => t.test.questions.map((q) => q.correct)));
    expect(letters.size).toBeGreaterThanOrEqual(3);
  });
});

import { describe, expect, it } from 'vitest';
import { hoursOf, isCompleted, percentOf, planStatistics, resultPercent, tenthsOf } from './learner-plan.stats.js';

const TYPES = [
  { id: 9, name: 'Производственное обучение' },
  { id: 10, name: 'Теоретическое обучение' },
];

describe('percentOf', () => {
  it('rounds to one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(1, 7)).toBe(14.3);
    expect(percentOf(5, 6)).toBe(83.3);
    expect(percentOf(1, 1)).toBe(100);
    expect(percentOf(0, 5)).toBe(0);
  });

  it('rounds the halfway tenth up, where floating point would round it down', () => {
    // 1/16 = 6.25 %, 1/2000 = 0.05 %, 3/80 = 3.75 %, 7/16 = 43.75 %
    expect(percentOf(1, 16)).toBe(6.3);
    expect(percentOf(1, 2000)).toBe(0.1);
    expect(percentOf(3, 80)).toBe(3.8);
    expect(percentOf(7, 16)).toBe(43.8);
    // 23/80 × 100 is 28.749999… in binary: Math.round(x * 10) / 10 would answer 28.7
    expect(percentOf(23, 80)).toBe(28.8);
    expect(percentOf(29, 2000)).toBe(1.5);
    expect(percentOf(201, 4000)).toBe(5);
    expect(percentOf(1, 2001)).toBe(0);
  });

  it('is 0 of nothing', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(3, 0)).toBe(0);
  });

  it('agrees with exact decimal rounding for every ratio of small integers', () => {
    const wrong: string[] = [];
    for (let whole = 1; whole <= 400; whole++) {
      for (let part = 0; part <= whole; part++) {
        const tenths = (BigInt(part) * 2000n + BigInt(whole)) / (2n * BigInt(whole));
        if (percentOf(part, whole) !== Number(tenths) / 10) wrong.push(`${part}/${whole}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(percentOf(123_456_789, 987_654_321)).toBe(12.5);
  });
});

describe('hours', () => {
  it('reads the database’s numeric text as whole tenths', () => {
    expect(tenthsOf('2.5')).toBe(25);
    expect(tenthsOf('4.0')).toBe(40);
    expect(tenthsOf(0.1)).toBe(1);
    expect(tenthsOf('0.3')).toBe(3);
    expect(hoursOf(tenthsOf('0.1') + tenthsOf('0.2'))).toBe(0.3);
  });
});

describe('resultPercent', () => {
  it('is correct ÷ questions × 100 with one decimal', () => {
    expect(resultPercent(4, 5)).toBe(80);
    expect(resultPercent(2, 3)).toBe(66.7);
    expect(resultPercent(1, 3)).toBe(33.3);
    expect(resultPercent(0, 0)).toBe(0);
  });
});

describe('isCompleted', () => {
  it('needs at least one test and every test passed', () => {
    expect(isCompleted([])).toBe(false);
    expect(isCompleted([{ Passed: true }])).toBe(true);
    expect(isCompleted([{ Passed: true }, { Passed: false }])).toBe(false);
    expect(isCompleted([{ Passed: true }, { Passed: true }])).toBe(true);
  });
});

describe('planStatistics', () => {
  it('always answers both types, in order, with zeros for an empty plan', () => {
    expect(planStatistics(TYPES, [])).toEqual([
      { Typeid: 9, Name: 'Производственное обучение', TotalHour: 0, Hour: 0, Percent: 0 },
      { Typeid: 10, Name: 'Теоретическое обучение', TotalHour: 0, Hour: 0, Percent: 0 },
    ]);
  });

  it('sums hours per type and counts the completed topics’ hours', () => {
    const stats = planStatistics(TYPES, [
      { typeId: 10, hours: '4.0', completed: true },
      { typeId: 10, hours: '6.0', completed: false },
      { typeId: 9, hours: '2.5', completed: true },
      { typeId: 9, hours: '0.0', completed: true },
    ]);
    expect(stats).toEqual([
      { Typeid: 9, Name: 'Производственное обучение', TotalHour: 2.5, Hour: 2.5, Percent: 100 },
      { Typeid: 10, Name: 'Теоретическое обучение', TotalHour: 10, Hour: 4, Percent: 40 },
    ]);
  });

  it('keeps decimal hours exact and rounds the percent to one decimal', () => {
    const [production, theoretical] = planStatistics(TYPES, [
      { typeId: 9, hours: '0.1', completed: true },
      { typeId: 9, hours: '0.2', completed: false },
      { typeId: 10, hours: '1.0', completed: true },
      { typeId: 10, hours: '1.0', completed: true },
      { typeId: 10, hours: '1.0', completed: false },
    ]);
    expect(production).toMatchObject({ TotalHour: 0.3, Hour: 0.1, Percent: 33.3 });
    expect(theoretical).toMatchObject({ TotalHour: 3, Hour: 2, Percent: 66.7 });
    const [halfway] = planStatistics(TYPES, [
      { typeId: 9, hours: '2.3', completed: true },
      { typeId: 9, hours: '5.7', completed: false },
    ]);
    expect(halfway).toMatchObject({ TotalHour: 8, Hour: 2.3, Percent: 28.8 });
  });

  it('ignores topics of a type not listed', () => {
    const stats = planStatistics(TYPES, [{ typeId: 11, hours: 5, completed: true }]);
    expect(stats.map((s) => s.TotalHour)).toEqual([0, 0]);
  });
});

describe('a topic completed by its SCORM packages', () => {
  const progress = (CompletionStatus: string, SuccessStatus = 'unknown') => ({ Progress: { CompletionStatus, SuccessStatus } });

  it('counts a topic without tests when every package is completed and none failed', () => {
    expect(isCompleted([], [progress('completed', 'passed'), progress('completed')])).toBe(true);
    expect(isCompleted([], [progress('completed', 'passed'), progress('incomplete')])).toBe(false);
    expect(isCompleted([], [progress('completed', 'failed')])).toBe(false);
    expect(isCompleted([], [])).toBe(false);
  });

  it('leaves a topic with tests to its tests', () => {
    expect(isCompleted([{ Passed: false }], [progress('completed', 'passed')])).toBe(false);
    expect(isCompleted([{ Passed: true }], [progress('incomplete')])).toBe(true);
  });
});

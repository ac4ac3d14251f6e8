import { describe, expect, it } from 'vitest';
import {
  allAnswered,
  allSaved,
  analyticsPairs,
  answerStatuses,
  formatClock,
  formatResultPercent,
  nextOpenIndex,
  parseTestId,
  resumeIndex,
  secondsLeft,
  shuffle,
  standingsRefreshIn,
  startBlocker,
  statusTone,
  testAction,
  variantsOf,
} from './run';
import type { LearnerQuestion, TestStatus } from './types';

const question = (ID: number, variants: Partial<LearnerQuestion> = {}): LearnerQuestion => ({
  ID,
  QuestionText: `Вопрос ${ID}`,
  Image: null,
  VariantA: 'Первый',
  VariantB: 'Второй',
  VariantC: 'Третий',
  VariantD: 'Четвёртый',
  VariantE: '',
  VariantF: '',
  ...variants,
});

describe('test ids', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseTestId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '1e3', '12345678901']) expect(parseTestId(bad)).toBeNull();
  });
});

describe('status colours and actions', () => {
  it('are blue upcoming, pink failed, orange retake, green otherwise', () => {
    expect(statusTone('Ожидается')).toBe('upcoming');
    expect(statusTone('Не пройден')).toBe('failed');
    expect(statusTone('Пересдача')).toBe('retake');
    expect(statusTone('Пройден')).toBe('done');
    expect(statusTone('В процессе')).toBe('done');
  });

  it('offer a button only when the server says the test is available', () => {
    expect(testAction({ Available: false, Status: 'Ожидается' })).toBeNull();
    expect(testAction({ Available: true, Status: 'Ожидается' })).toBe('start');
    expect(testAction({ Available: true, Status: 'В процессе' })).toBe('continue');
    expect(testAction({ Available: true, Status: 'Пересдача' })).toBe('retake');
    expect(testAction({ Available: false, Status: 'Пересдача' })).toBeNull();
  });
});

describe('variants', () => {
  it('offers only the variants that have text', () => {
    const q = question(1, { VariantB: '   ', VariantE: 'Пятый', VariantF: '' });
    expect(variantsOf(q)).toEqual([
      { letter: 'A', text: 'Первый' },
      { letter: 'C', text: 'Третий' },
      { letter: 'D', text: 'Четвёртый' },
      { letter: 'E', text: 'Пятый' },
    ]);
  });

  it('shuffles into a new array holding the same items', () => {
    const items = [1, 2, 3, 4, 5, 6];
    let seed = 0.37;
    const random = () => {
      seed = (seed * 9301 + 0.49297) % 1;
      return seed;
    };
    const out = shuffle(items, random);
    expect(out).not.toBe(items);
    expect([...out].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives every order over many shuffles', () => {
    const orders = new Set<string>();
    for (let i = 0; i < 400; i += 1) orders.add(shuffle(['A', 'B', 'C']).join(''));
    expect(orders.size).toBe(6);
  });
});

describe('answer statuses and resuming', () => {
  const questions = [question(1), question(2), question(3), question(4)];

  it('merge the server, acknowledged, queued and refused answers, the server first', () => {
    const statuses = answerStatuses(questions, {
      server: [{ QuestionID: 1, UserAnswer: 'B' }],
      acknowledged: [
        { questionId: 1, answer: 'C' },
        { questionId: 2, answer: 'A' },
      ],
      pending: [{ questionId: 3, answer: 'D' }],
      refused: [{ questionId: 4, answer: 'A', failure: { status: 422, message: 'Время вышло' } }],
    });
    expect(statuses.get(1)).toEqual({ state: 'saved', answer: 'B' });
    expect(statuses.get(2)).toEqual({ state: 'saved', answer: 'A' });
    expect(statuses.get(3)).toEqual({ state: 'pending', answer: 'D' });
    expect(statuses.get(4)).toEqual({ state: 'refused', answer: 'A', message: 'Время вышло' });
  });

  it('ignore answers to questions not in the test', () => {
    const statuses = answerStatuses(questions, {
      server: [{ QuestionID: 99, UserAnswer: 'A' }],
      acknowledged: [],
      pending: [],
      refused: [],
    });
    expect(statuses.size).toBe(4);
    expect([...statuses.values()].every((s) => s.state === 'none')).toBe(true);
  });

  it('resume at the first question without an answer', () => {
    const statuses = answerStatuses(questions, {
      server: [{ QuestionID: 1, UserAnswer: 'A' }],
      acknowledged: [],
      pending: [{ questionId: 2, answer: 'B' }],
      refused: [],
    });
    expect(resumeIndex(questions, statuses)).toBe(2);
    expect(nextOpenIndex(questions, statuses, 2)).toBe(3);
    expect(nextOpenIndex(questions, statuses, 3)).toBe(2);
  });

  it('start at 0, and stay on the last question once all are answered', () => {
    const none = answerStatuses(questions, { server: [], acknowledged: [], pending: [], refused: [] });
    expect(resumeIndex(questions, none)).toBe(0);
    const all = answerStatuses(questions, {
      server: questions.map((q) => ({ QuestionID: q.ID, UserAnswer: 'A' as const })),
      acknowledged: [],
      pending: [],
      refused: [],
    });
    expect(resumeIndex(questions, all)).toBe(3);
    expect(nextOpenIndex(questions, all, 0)).toBeNull();
    expect(allSaved(all)).toBe(true);
  });

  it('tell answered from saved', () => {
    const statuses = answerStatuses(questions.slice(0, 2), {
      server: [{ QuestionID: 1, UserAnswer: 'A' }],
      acknowledged: [],
      pending: [{ questionId: 2, answer: 'B' }],
      refused: [],
    });
    expect(allAnswered(statuses)).toBe(true);
    expect(allSaved(statuses)).toBe(false);
    expect(allAnswered(new Map())).toBe(false);
  });
});

describe('the clock', () => {
  it('counts whole seconds left, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('reads mm:ss, and h:mm:ss from an hour', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(59)).toBe('00:59');
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(5025)).toBe('1:23:45');
    expect(formatClock(-3)).toBe('00:00');
    expect(formatClock(Number.NaN)).toBe('00:00');
  });
});

describe('results', () => {
  it('round the percent: whole in one place, two decimals in the compact list', () => {
    expect(formatResultPercent(66.666, 'en', 0)).toBe('67%');
    expect(formatResultPercent(66.666, 'en', 2)).toBe('66.67%');
    expect(formatResultPercent(80, 'en', 2)).toBe('80%');
    expect(formatResultPercent(66.67, 'ru', 2).replace(/\s/g, ' ')).toBe('66,67 %');
  });

  it('pair each topic’s wrong and right shares', () => {
    expect(analyticsPairs([{ Number: 3, Name: 'Насосы', Percent: 66.67 }])).toEqual([
      { number: '3', name: 'Насосы', right: 66.67, wrong: 33.33 },
    ]);
    expect(analyticsPairs([{ Number: 2, Name: 'Сварка', Percent: 120 }])[0]).toMatchObject({ right: 100, wrong: 0 });
  });
});

describe('the tests list reads itself again', () => {
  const NOW = Date.parse('2026-11-24T10:00:00Z');
  const entry = (Status: TestStatus, extra: { Available?: boolean; Remaining?: number | null; Date?: string | null } = {}) => ({
    Status,
    Available: extra.Available ?? true,
    Remaining: extra.Remaining ?? null,
    Date: extra.Date ?? null,
  });

  it('a second after the earliest running attempt’s time is up', () => {
    expect(standingsRefreshIn([entry('В процессе', { Remaining: 42 }), entry('В процессе', { Remaining: 7 })], NOW)).toBe(8_000);
    // its time is up already, but the server had not closed it yet: ask again in a second
    expect(standingsRefreshIn([entry('В процессе', { Remaining: 0 })], NOW)).toBe(1_000);
  });

  it('a second after a retake’s date comes; at most hourly for far dates', () => {
    const soon = new Date(NOW + 20_000).toISOString();
    expect(standingsRefreshIn([entry('Пересдача', { Available: false, Date: soon })], NOW)).toBe(21_000);
    expect(standingsRefreshIn([entry('Пересдача', { Available: false, Date: '2026-12-30T10:00:00Z' })], NOW)).toBe(3_600_000);
    // an open retake waits for the trainee, not for time
    expect(standingsRefreshIn([entry('Пересдача', { Available: true, Date: soon })], NOW)).toBe(false);
  });

  it('never, when nothing changes by itself', () => {
    expect(standingsRefreshIn([entry('Ожидается'), entry('Пройден'), entry('Не пройден')], NOW)).toBe(false);
    expect(standingsRefreshIn([], NOW)).toBe(false);
    expect(standingsRefreshIn(undefined, NOW)).toBe(false);
  });
});

describe('the card before an attempt', () => {
  const details = (Status: TestStatus, Available: boolean, Questions = 5) => ({ Status, Available, Questions });

  it('offers the start when the server says the test may be taken and it has questions', () => {
    expect(startBlocker(details('Ожидается', true))).toBeNull();
    expect(startBlocker(details('Пересдача', true))).toBeNull();
    expect(startBlocker(details('Ожидается', true, 0))).toBe('empty');
  });

  it('says why not otherwise', () => {
    expect(startBlocker(details('Пройден', false))).toBe('taken');
    expect(startBlocker(details('Не пройден', false))).toBe('taken');
    expect(startBlocker(details('Пересдача', false))).toBe('retakeLater');
    expect(startBlocker(details('Ожидается', false))).toBe('closed');
  });
});

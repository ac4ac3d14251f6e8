import type { Question } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { offeredAnswers, questionInitialValues, questionRequestBody, shownLetters, visibleVariantCount } from './variants';

const four = { VariantA: 'Да', VariantB: 'Нет', VariantC: 'Иногда', VariantD: 'Не знаю' };

describe('visibleVariantCount', () => {
  it('shows A–D, plus E and F when they have text', () => {
    expect(visibleVariantCount(four)).toBe(4);
    expect(visibleVariantCount({ ...four, VariantE: 'Пятый' })).toBe(5);
    expect(visibleVariantCount({ ...four, VariantE: 'Пятый', VariantF: 'Шестой' })).toBe(6);
    // F with text keeps E visible even when E is empty
    expect(visibleVariantCount({ ...four, VariantF: 'Шестой' })).toBe(6);
    expect(visibleVariantCount({ ...four, VariantE: '   ' })).toBe(4);
  });
});

describe('shownLetters', () => {
  it('is A… up to the count, never fewer than four or more than six', () => {
    expect(shownLetters(4)).toEqual(['A', 'B', 'C', 'D']);
    expect(shownLetters(6)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(shownLetters(2)).toEqual(['A', 'B', 'C', 'D']);
    expect(shownLetters(9)).toHaveLength(6);
  });
});

describe('offeredAnswers', () => {
  it('offers only variants that have text', () => {
    expect(offeredAnswers(four)).toEqual(['A', 'B', 'C', 'D']);
    expect(offeredAnswers({ ...four, VariantC: ' ' })).toEqual(['A', 'B', 'D']);
    expect(offeredAnswers({})).toEqual([]);
  });

  it('offers E and F only while they are shown', () => {
    const six = { ...four, VariantE: 'Пятый', VariantF: 'Шестой' };
    expect(offeredAnswers(six, 6)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(offeredAnswers(six, 5)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(offeredAnswers(six, 4)).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('questionInitialValues', () => {
  it('starts a new question at position 0 with answer A, in the given test', () => {
    expect(questionInitialValues(undefined, 5)).toMatchObject({ TestID: 5, Position: 0, CorrectAnswer: 'A' });
  });

  it('takes a saved question’s values', () => {
    const saved = {
      ID: 3,
      TestID: 8,
      Test: 'T',
      Plan: 'P',
      Question: 'Текст',
      QuestionText: 'Текст',
      Position: 4,
      ...four,
      VariantE: 'E',
      VariantF: '',
      CorrectAnswer: 'E',
      Image: null,
    } satisfies Question;
    expect(questionInitialValues(saved)).toMatchObject({
      TestID: 8,
      QuestionText: 'Текст',
      Position: 4,
      VariantE: 'E',
      CorrectAnswer: 'E',
    });
  });
});

describe('questionRequestBody', () => {
  it('trims texts and sends hidden variants empty', () => {
    const body = questionRequestBody(
      { TestID: 4, QuestionText: '  Вопрос? ', Position: 2, ...four, VariantA: ' Да ', VariantE: 'скрыт', CorrectAnswer: 'B' },
      4,
    );
    expect(body).toEqual({
      TestID: 4,
      QuestionText: 'Вопрос?',
      Position: 2,
      ...four,
      VariantE: '',
      VariantF: '',
      CorrectAnswer: 'B',
      RemoveImage: false,
    });
  });

  it('sends the position as an integer, 0 when empty or negative', () => {
    expect(questionRequestBody({ ...four, TestID: 1, Position: 3.7 }, 4).Position).toBe(3);
    expect(questionRequestBody({ ...four, TestID: 1, Position: null }, 4).Position).toBe(0);
    expect(questionRequestBody({ ...four, TestID: 1, Position: -2 }, 4).Position).toBe(0);
  });

  it('defaults the correct answer to A and passes RemoveImage', () => {
    const body = questionRequestBody({ ...four, TestID: 1 }, 4, true);
    expect(body.CorrectAnswer).toBe('A');
    expect(body.RemoveImage).toBe(true);
  });

  it('keeps E and F when shown', () => {
    const body = questionRequestBody({ ...four, TestID: 1, VariantE: ' E ', VariantF: 'F', CorrectAnswer: 'F' }, 6);
    expect([body.VariantE, body.VariantF, body.CorrectAnswer]).toEqual(['E', 'F', 'F']);
  });
});

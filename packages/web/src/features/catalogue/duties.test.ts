import { duties } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { dutiesText, parseDuties } from './duties';

describe('parseDuties', () => {
  it('splits on commas and trims each position', () => {
    expect(parseDuties('Мастер,  Оператор котельной , Слесарь')).toEqual(['Мастер', 'Оператор котельной', 'Слесарь']);
  });

  it('drops empty entries and keeps repeats once', () => {
    expect(parseDuties(' , Мастер,,Мастер , ')).toEqual(['Мастер']);
    expect(parseDuties('')).toEqual([]);
    expect(parseDuties(undefined)).toEqual([]);
  });

  it('collapses inner spaces, line breaks and tabs', () => {
    expect(parseDuties('Оператор\tкотельной,\nИнженер   по ОТ')).toEqual(['Оператор котельной', 'Инженер по ОТ']);
  });

  it('gives the same list the server saves', () => {
    for (const text of ['Мастер, Оператор', ' a ,b,, a', 'Инженер  по   ОТ , ', '']) {
      expect(parseDuties(text)).toEqual(duties.parse(text));
    }
  });
});

describe('dutiesText', () => {
  it('joins the list for the text field, and reads back the same list', () => {
    const list = ['Мастер', 'Оператор котельной'];
    expect(dutiesText(list)).toBe('Мастер, Оператор котельной');
    expect(parseDuties(dutiesText(list))).toEqual(list);
    expect(dutiesText([])).toBe('');
    expect(dutiesText(null)).toBe('');
  });
});

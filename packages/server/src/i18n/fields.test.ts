import { describe, expect, it } from 'vitest';
import { fieldLabel } from './fields.js';

describe('field labels', () => {
  it('names a field by its label in each language', () => {
    expect(fieldLabel('IIN', 'ru')).toBe('ИИН');
    expect(fieldLabel('IIN', 'kk')).toBe('ЖСН');
    expect(fieldLabel('Fullname', 'en')).toBe('Full name');
  });

  it('finds the spec’s second spelling that differs only in case, but keeps names that mean something else apart', () => {
    expect(fieldLabel('planID', 'ru')).toBe('План обучения');
    expect(fieldLabel('position', 'ru')).toBe('Должность');
    expect(fieldLabel('Position', 'ru')).toBe('Порядковый номер');
  });

  it('reads a nested path by its innermost known name', () => {
    expect(fieldLabel('Duty.0', 'ru')).toBe('Должность');
    expect(fieldLabel('Answers.2.UserAnswer', 'en')).toBe('Answer');
  });

  it('never shows an unknown API name', () => {
    expect(fieldLabel('SomethingNew', 'ru')).toBe('поле');
    expect(fieldLabel('SomethingNew', 'kk')).toBe('өріс');
    expect(fieldLabel('SomethingNew', 'en')).toBe('field');
  });
});

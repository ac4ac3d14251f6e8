import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { resolveNames } from './users.service.js';

const current = { last_name: 'Петров', first_name: 'Андрей', middle_name: 'Викторович', full_name: 'Петров Андрей Викторович' };

describe('resolveNames', () => {
  it('splits a person’s full name into surname, name and patronymic', () => {
    expect(resolveNames({ Fullname: 'Жумабаева Айгерим Болатовна' }, Role.Trainee)).toEqual({
      last_name: 'Жумабаева',
      first_name: 'Айгерим',
      middle_name: 'Болатовна',
      full_name: 'Жумабаева Айгерим Болатовна',
    });
  });

  it('tidies the spaces of a typed full name', () => {
    expect(resolveNames({ Fullname: '  Беков \t Асхат   Нурланович ' }, Role.Teacher)).toEqual({
      last_name: 'Беков',
      first_name: 'Асхат',
      middle_name: 'Нурланович',
      full_name: 'Беков Асхат Нурланович',
    });
  });

  it('keeps everything after the first name as the patronymic, and copes with short names', () => {
    expect(resolveNames({ Fullname: 'Ким Ли Сун Ок' }, Role.Trainee)).toMatchObject({
      last_name: 'Ким',
      first_name: 'Ли',
      middle_name: 'Сун Ок',
    });
    expect(resolveNames({ Fullname: 'Нурланов Азамат' }, Role.Examiner)).toEqual({
      last_name: 'Нурланов',
      first_name: 'Азамат',
      middle_name: '',
      full_name: 'Нурланов Азамат',
    });
    expect(resolveNames({ Fullname: 'Мадонна' }, Role.Trainee)).toEqual({
      last_name: 'Мадонна',
      first_name: '',
      middle_name: '',
      full_name: 'Мадонна',
    });
  });

  it('keeps an audience (region) account’s name whole', () => {
    expect(resolveNames({ Fullname: ' Атырауский   регион ' }, Role.Region)).toEqual({
      last_name: '',
      first_name: '',
      middle_name: '',
      full_name: 'Атырауский регион',
    });
  });

  it('joins the parts when the form gives them, whatever Fullname says', () => {
    expect(resolveNames({ Lastname: 'Серикова', Firstname: 'Алия', Patronomyc: 'Маратовна', Fullname: 'ignored' }, Role.Examiner)).toEqual({
      last_name: 'Серикова',
      first_name: 'Алия',
      middle_name: 'Маратовна',
      full_name: 'Серикова Алия Маратовна',
    });
    expect(resolveNames({ Lastname: 'Серикова', Firstname: 'Алия' }, Role.Teacher)).toEqual({
      last_name: 'Серикова',
      first_name: 'Алия',
      middle_name: '',
      full_name: 'Серикова Алия',
    });
  });

  it('fills the missing parts from the current name when editing', () => {
    expect(resolveNames({ Firstname: 'Андрей-Иоанн' }, Role.Teacher, current)).toEqual({
      ...current,
      first_name: 'Андрей-Иоанн',
      full_name: 'Петров Андрей-Иоанн Викторович',
    });
    expect(resolveNames({ Patronomyc: '' }, Role.Teacher, current)).toEqual({ ...current, middle_name: '', full_name: 'Петров Андрей' });
  });

  it('answers nothing when no name is given, and an empty name for blank parts', () => {
    expect(resolveNames({}, Role.Trainee)).toBeUndefined();
    expect(resolveNames({}, Role.Trainee, current)).toBeUndefined();
    expect(resolveNames({ Fullname: '   ' }, Role.Trainee)?.full_name).toBe('');
    expect(resolveNames({ Lastname: '', Firstname: '' }, Role.Trainee)?.full_name).toBe('');
  });
});

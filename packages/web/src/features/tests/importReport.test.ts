import { describe, expect, it } from 'vitest';
import { importReportOf } from './importReport';

describe('importReportOf', () => {
  it('gives one line per problem, by row', () => {
    const report = importReportOf(
      {
        status: false,
        message: '2 строки с ошибками, ничего не добавлено',
        added: 0,
        rows: [
          { Row: 57, Errors: [{ Column: 'C', Message: 'Заполните вариант C' }] },
          {
            Row: 3,
            Errors: [
              { Column: 'Позиция', Message: 'Не меньше 0' },
              { Column: 'Правильный ответ', Message: 'Вариант E пуст' },
            ],
          },
        ],
      },
      'fallback',
    );
    expect(report.message).toBe('2 строки с ошибками, ничего не добавлено');
    expect(report.rows).toBe(2);
    expect(report.lines.map((line) => [line.row, line.column, line.message])).toEqual([
      [3, 'Позиция', 'Не меньше 0'],
      [3, 'Правильный ответ', 'Вариант E пуст'],
      [57, 'C', 'Заполните вариант C'],
    ]);
    expect(new Set(report.lines.map((line) => line.key)).size).toBe(3);
  });

  it('keeps the message of a refusal without rows (wrong header, unknown test)', () => {
    expect(importReportOf({ status: false, message: 'Заголовок не совпадает с шаблоном' }, 'fallback')).toEqual({
      message: 'Заголовок не совпадает с шаблоном',
      lines: [],
      rows: 0,
    });
  });

  it('skips malformed entries and falls back on a missing message', () => {
    const report = importReportOf(
      { rows: [null, { Row: 'x', Errors: [] }, { Row: 4, Errors: 'bad' }, { Row: 5, Errors: [null, { Column: 'A' }] }] },
      'fallback',
    );
    expect(report.message).toBe('fallback');
    expect(report.lines).toEqual([{ key: '5-1', row: 5, column: 'A', message: '' }]);
    expect(importReportOf(undefined, 'fallback')).toEqual({ message: 'fallback', lines: [], rows: 0 });
  });
});

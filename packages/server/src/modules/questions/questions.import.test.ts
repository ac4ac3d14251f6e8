import { QUESTION_IMPORT_COLUMNS, QUESTION_IMPORT_MAX_ROWS } from '@oqu/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { deflatedZeros, entriesOf, workbookBomb, zipOf } from '../../test/zip.js';
import { buildImportTemplate, cellText, checkQuestionRows, readQuestionSheet, type SheetRow, WORKBOOK_LIMITS } from './questions.import.js';

const HEADER = [...QUESTION_IMPORT_COLUMNS];

/** An .xlsx file in memory; `rows` go to the first sheet in order, `null` leaves a row empty. */
async function workbook(rows: (ExcelJS.CellValue[] | null)[], extraSheet = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Вопросы');
  rows.forEach((cells, i) => {
    if (cells) sheet.getRow(i + 1).values = cells;
  });
  if (extraSheet) book.addWorksheet('Второй').addRow(['не читается']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const row = (number: number, cells: string[]): SheetRow => ({ row: number, cells });
const good = (text = 'Что такое СИЗ?') => [text, '', 'Средства защиты', 'Инструмент', 'Документ', 'Спецодежда', '', '', 'A'];

describe('cellText', () => {
  it('turns every kind of cell into the text a person sees', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText('  Вопрос \r\nвторая строка ')).toBe('Вопрос \nвторая строка');
    expect(cellText(3)).toBe('3');
    expect(cellText(2.5)).toBe('2.5');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02T00:00:00.000Z');
    expect(cellText({ richText: [{ text: 'Жирный ' }, { text: 'и обычный', font: { bold: true } }] })).toBe('Жирный и обычный');
    expect(cellText({ formula: 'A1&"!"', result: 'Готово!' })).toBe('Готово!');
    expect(cellText({ formula: '1+1', result: 2 })).toBe('2');
    expect(cellText({ sharedFormula: 'A2', result: 'B' })).toBe('B');
    expect(cellText({ formula: '1/0', result: { error: '#DIV/0!' } })).toBe('');
    expect(cellText({ formula: 'NOW()' })).toBe('');
    expect(cellText({ text: 'ссылка', hyperlink: 'https://example.kz' })).toBe('ссылка');
    expect(cellText({ error: '#N/A' })).toBe('');
  });
});

describe('readQuestionSheet', () => {
  it('reads the first sheet’s rows under the header, skipping empty rows and keeping sheet row numbers', async () => {
    const file = await workbook(
      [
        HEADER,
        [
          { richText: [{ text: 'Что ' }, { text: 'такое СИЗ?' }] },
          2,
          'Средства защиты',
          'Инструмент',
          'Документ',
          'Спецодежда',
          null,
          null,
          'a',
        ],
        null,
        ['', '', '', '', '', '', '', '', ''],
        ['Второй', { formula: '1+2', result: 3 }, 'А', 'Б', 'В', 'Г', 'Д', 'Е', { formula: '"B"', result: 'B' }],
      ],
      true,
    );
    expect(await readQuestionSheet(file)).toEqual([
      row(2, ['Что такое СИЗ?', '2', 'Средства защиты', 'Инструмент', 'Документ', 'Спецодежда', '', '', 'a']),
      row(5, ['Второй', '3', 'А', 'Б', 'В', 'Г', 'Д', 'Е', 'B']),
    ]);
  });

  it('accepts the header in any case, with extra spaces and Cyrillic look-alike letters, and ignores columns after it', async () => {
    const header = ['  вопрос ', 'ПОЗИЦИЯ', 'А', 'В', 'С', 'D', 'Е', 'F', 'правильный   ответ', 'Комментарий'];
    const file = await workbook([header, [...good(), 'не читается']]);
    expect(await readQuestionSheet(file)).toEqual([row(2, good())]);
  });

  it('refuses a sheet whose first row is not the template’s header, naming the columns', async () => {
    for (const header of [
      ['Вопрос', 'A', 'B', 'C', 'D', 'E', 'F', 'Правильный ответ'],
      ['Question', 'Position', 'A', 'B', 'C', 'D', 'E', 'F', 'Correct'],
      [],
    ]) {
      const error = await refusal(readQuestionSheet(await workbook([header, good()])));
      expect(error.statusCode).toBe(422);
      expect(error.key).toBe('import_header');
      expect(error.params).toEqual({ columns: 'Вопрос, Позиция, A, B, C, D, E, F, Правильный ответ' });
    }
  });

  it('refuses a sheet with no questions', async () => {
    const error = await refusal(readQuestionSheet(await workbook([HEADER, null, ['', ' ']])));
    expect([error.statusCode, error.key]).toEqual([422, 'import_empty']);
  });

  it(`refuses more than ${QUESTION_IMPORT_MAX_ROWS} questions, saying how many there are`, async () => {
    const rows = Array.from({ length: QUESTION_IMPORT_MAX_ROWS + 1 }, (_, i) => good(`Вопрос ${i + 1}`));
    const error = await refusal(readQuestionSheet(await workbook([HEADER, ...rows])));
    expect([error.statusCode, error.key, error.params]).toEqual([422, 'import_too_many', { max: QUESTION_IMPORT_MAX_ROWS, count: 2001 }]);
    expect(await readQuestionSheet(await workbook([HEADER, ...rows.slice(1)]))).toHaveLength(QUESTION_IMPORT_MAX_ROWS);
  });

  it('refuses what is not a readable workbook', async () => {
    for (const data of [Buffer.from('Вопрос;Позиция;A;B\n'), Buffer.from('PK\u0003\u0004 broken zip')]) {
      const error = await refusal(readQuestionSheet(data));
      expect([error.statusCode, error.key]).toEqual([422, 'import_unreadable']);
    }
  });
});

describe('readQuestionSheet and the archive guard', () => {
  it('refuses a workbook whose part inflates past the size it declares, within milliseconds', async () => {
    const bomb = await workbookBomb(await workbook([HEADER, good()]));
    const started = performance.now();
    const error = await refusal(readQuestionSheet(bomb));
    expect([error.statusCode, error.key]).toEqual([422, 'import_unreadable']);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a workbook that unpacks past the limits, honestly declared, before inflating it', async () => {
    const entries = await entriesOf(await workbook([HEADER, good()]));
    const huge = { name: 'xl/media/huge.bin', deflated: deflatedZeros(1), declaredSize: WORKBOOK_LIMITS.maxEntryBytes + 1 };
    const error = await refusal(readQuestionSheet(zipOf([...entries, huge])));
    expect([error.statusCode, error.key]).toEqual([422, 'import_unpacked_too_large']);
  });

  it('refuses a workbook with a path climbing out of the archive', async () => {
    const entries = await entriesOf(await workbook([HEADER, good()]));
    const error = await refusal(readQuestionSheet(zipOf([...entries, { name: '../../evil.sh', content: Buffer.from('rm -rf /') }])));
    expect([error.statusCode, error.key]).toEqual([422, 'import_unreadable']);
  });
});

describe('checkQuestionRows', () => {
  it('turns good rows into questions of the test, with the form’s defaults', () => {
    const { questions, problems } = checkQuestionRows(
      [
        row(2, good()),
        row(3, ['  Второй  ', '7', 'a', 'b', 'c', 'd', 'e', 'f', ' f ']),
        row(4, ['Третий', '0', 'a', 'b', 'c', 'd', '', '', 'В']),
      ],
      42,
      'ru',
    );
    expect(problems).toEqual([]);
    expect(questions).toEqual([
      {
        TestID: 42,
        QuestionText: 'Что такое СИЗ?',
        Position: 0,
        VariantA: 'Средства защиты',
        VariantB: 'Инструмент',
        VariantC: 'Документ',
        VariantD: 'Спецодежда',
        VariantE: '',
        VariantF: '',
        CorrectAnswer: 'A',
      },
      {
        TestID: 42,
        QuestionText: 'Второй',
        Position: 7,
        VariantA: 'a',
        VariantB: 'b',
        VariantC: 'c',
        VariantD: 'd',
        VariantE: 'e',
        VariantF: 'f',
        CorrectAnswer: 'F',
      },
      // a Cyrillic «В» typed for the Latin B still names variant B
      expect.objectContaining({ QuestionText: 'Третий', Position: 0, CorrectAnswer: 'B' }),
    ]);
  });

  it('reports every problem of every row by column, in template order, and returns no questions', () => {
    const { questions, problems } = checkQuestionRows(
      [
        row(2, good()),
        row(3, ['', '-1', 'a', 'b', '', 'd', '', '', 'C']),
        row(4, ['Текст', 'два', 'a', 'b', 'c', 'd', '', '', 'E']),
        row(5, ['Текст', '1.5', 'a', 'b', 'c', 'd', '', '', 'G']),
        row(6, ['Текст', '', 'a', 'b', 'c', 'd', '', '', '']),
        row(7, ['x'.repeat(5001), '', 'a', 'b', 'c', 'd', '', '', 'A']),
      ],
      1,
      'ru',
    );
    expect(questions).toEqual([]);
    expect(problems).toEqual([
      {
        Row: 3,
        Errors: [
          { Column: 'Вопрос', Message: 'Обязательное поле' },
          { Column: 'Позиция', Message: 'Позиция — целое число не меньше 0' },
          { Column: 'C', Message: 'Обязательное поле' },
          { Column: 'Правильный ответ', Message: 'Правильный ответ указывает на пустой вариант' },
        ],
      },
      {
        Row: 4,
        Errors: [
          { Column: 'Позиция', Message: 'Позиция — целое число не меньше 0' },
          { Column: 'Правильный ответ', Message: 'Правильный ответ указывает на пустой вариант' },
        ],
      },
      {
        Row: 5,
        Errors: [
          { Column: 'Позиция', Message: 'Позиция — целое число не меньше 0' },
          { Column: 'Правильный ответ', Message: 'Правильный ответ — одна из букв A, B, C, D, E, F' },
        ],
      },
      { Row: 6, Errors: [{ Column: 'Правильный ответ', Message: 'Правильный ответ — одна из букв A, B, C, D, E, F' }] },
      { Row: 7, Errors: [{ Column: 'Вопрос', Message: 'Слишком длинное или большое значение (максимум 5000)' }] },
    ]);
  });

  it('writes the messages in the caller’s language', () => {
    const rows = [row(57, ['Вопрос', '', 'a', 'b', '', 'd', '', '', 'A'])];
    expect(checkQuestionRows(rows, 1, 'en').problems).toEqual([{ Row: 57, Errors: [{ Column: 'C', Message: 'This field is required' }] }]);
    expect(checkQuestionRows(rows, 1, 'kk').problems).toEqual([{ Row: 57, Errors: [{ Column: 'C', Message: 'Міндетті өріс' }] }]);
  });
});

describe('buildImportTemplate', () => {
  it('holds the header, an example row that imports cleanly, column widths and a pick list of answers', async () => {
    const data = await buildImportTemplate();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.columns.map((c) => c.width)).toEqual([60, 10, 28, 28, 28, 28, 20, 20, 18]);
    expect(sheet.getCell('I2').dataValidation).toMatchObject({ type: 'list', formulae: ['"A,B,C,D,E,F"'] });

    const rows = await readQuestionSheet(data);
    expect(rows).toHaveLength(1);
    const { questions, problems } = checkQuestionRows(rows, 5, 'ru');
    expect(problems).toEqual([]);
    expect(questions[0]).toMatchObject({ TestID: 5, Position: 1, CorrectAnswer: 'B', VariantE: '' });
  });
});

import {
  type ImportRowProblem,
  type Language,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_MAX_ROWS,
  type QuestionRequest,
  questionFields,
} from '@oqu/contracts';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { unprocessable } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { inspectZip, type ZipLimits, ZipRefused } from '../../lib/zip.js';
import { issueKey } from '../../plugins/errors.js';

/**
 * The question spreadsheet: one question per row under a header row of QUESTION_IMPORT_COLUMNS.
 * Reading and checking are kept apart from HTTP and the database so they can be tested alone.
 */

export type ImportedQuestion = Omit<QuestionRequest, 'RemoveImage'>;

/** The request field each template column fills, in column order. */
const FIELDS = [
  'QuestionText',
  'Position',
  'VariantA',
  'VariantB',
  'VariantC',
  'VariantD',
  'VariantE',
  'VariantF',
  'CorrectAnswer',
] as const satisfies readonly (keyof ImportedQuestion)[];

const COLUMN_OF_FIELD = new Map<string, string>(FIELDS.map((field, i) => [field, QUESTION_IMPORT_COLUMNS[i]]));

/** A data row of the sheet: its number in the sheet and its cells as text, in template column order. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** Any cell value as the text a person sees: numbers, dates, rich text, links and formula results included. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n').trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return cellText(value.richText.map((part) => part.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result ?? null);
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

/** Header text compared loosely: case, spaces and Cyrillic look-alikes of A, B, C, E do not matter. */
const headerKey = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .replace(/[АВСЕ]/g, (c) => ({ А: 'A', В: 'B', С: 'C', Е: 'E' })[c] ?? c);

/**
 * What a workbook may hold once unpacked: 2,000 rows of the longest questions (about 35 KB each in
 * shared strings) fit well within it; a workbook has a dozen entries, a few hundred with pictures.
 */
export const WORKBOOK_LIMITS: ZipLimits = { maxEntries: 1000, maxEntryBytes: 150_000_000, maxTotalBytes: 150_000_000 };

/**
 * Unpacks the whole archive under WORKBOOK_LIMITS, keeping nothing, before the workbook reader (which
 * trusts the sizes an archive declares) sees it: a workbook past the limits or a tampered archive is
 * refused as soon as it shows.
 */
async function checkArchive(data: Buffer): Promise<void> {
  try {
    await inspectZip(data, WORKBOOK_LIMITS);
  } catch (error) {
    if (!(error instanceof ZipRefused)) throw error;
    const tooBig = error.problem === 'too_large' || error.problem === 'too_many_entries';
    throw unprocessable(tooBig ? 'import_unpacked_too_large' : 'import_unreadable');
  }
}

/**
 * Reads the first worksheet: checks the header row and returns the non-empty data rows.
 * Refuses (422) a file that is not a readable workbook, one past WORKBOOK_LIMITS once unpacked,
 * a wrong header, no rows or too many rows.
 */
export async function readQuestionSheet(data: Buffer): Promise<SheetRow[]> {
  await checkArchive(data);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw unprocessable('import_unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unprocessable('import_unreadable');

  const header = QUESTION_IMPORT_COLUMNS.map((_, i) => cellText(sheet.getRow(1).getCell(i + 1).value));
  if (header.some((text, i) => headerKey(text) !== headerKey(QUESTION_IMPORT_COLUMNS[i]))) {
    throw unprocessable('import_header', { columns: QUESTION_IMPORT_COLUMNS.join(', ') });
  }

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = QUESTION_IMPORT_COLUMNS.map((_, i) => cellText(row.getCell(i + 1).value));
    if (cells.some((text) => text !== '')) rows.push({ row: number, cells });
  });
  if (rows.length === 0) throw unprocessable('import_empty');
  if (rows.length > QUESTION_IMPORT_MAX_ROWS) throw unprocessable('import_too_many', { max: QUESTION_IMPORT_MAX_ROWS, count: rows.length });
  return rows;
}

/** An issue of a row's cell (`sent`) as the same message the question form would show. */
function issueMessage(issue: z.core.$ZodIssue, sent: unknown, language: Language): string {
  const key = issueKey(issue, sent);
  const params: Record<string, string | number> = {};
  if ('minimum' in issue) params.minimum = Number(issue.minimum);
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  return translate(key, language, params);
}

/**
 * Checks every row as a question of test `testId` with the same rules as the question form, and
 * collects every problem of every row (by template column, in the caller's language). The result
 * holds either all the questions or the problems, never a part.
 */
export function checkQuestionRows(
  rows: SheetRow[],
  testId: number,
  language: Language,
): { questions: ImportedQuestion[]; problems: ImportRowProblem[] } {
  const questions: ImportedQuestion[] = [];
  const problems: ImportRowProblem[] = [];
  for (const { row, cells } of rows) {
    const input: Record<string, unknown> = { TestID: testId };
    FIELDS.forEach((field, i) => {
      input[field] = cells[i];
    });
    const parsed = questionFields.safeParse(input);
    if (parsed.success) {
      questions.push(parsed.data);
      continue;
    }
    const errors: ImportRowProblem['Errors'] = [];
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD.get(String(issue.path[0])) ?? String(issue.path[0] ?? '');
      if (errors.some((e) => e.Column === column)) continue;
      errors.push({ Column: column, Message: issueMessage(issue, input[String(issue.path[0])], language) });
    }
    // a failed field check can hide the correct-answer check: make it here too, so the row's report is whole
    const answer = questionFields.shape.CorrectAnswer.safeParse(input.CorrectAnswer);
    const answerColumn = COLUMN_OF_FIELD.get('CorrectAnswer') as string;
    if (answer.success && cells[FIELDS.indexOf(`Variant${answer.data}`)] === '' && !errors.some((e) => e.Column === answerColumn)) {
      errors.push({ Column: answerColumn, Message: translate('answer_variant_empty', language) });
    }
    // in template column order, as the person reads the row
    errors.sort((a, b) => columnIndex(a.Column) - columnIndex(b.Column));
    problems.push({ Row: row, Errors: errors });
  }
  return problems.length > 0 ? { questions: [], problems } : { questions, problems };
}

const columnIndex = (column: string) => (QUESTION_IMPORT_COLUMNS as readonly string[]).indexOf(column);

const EXAMPLE_ROW = [
  'Каким огнетушителем тушат электроустановки под напряжением до 1000 В?',
  1,
  'Пенным',
  'Углекислотным или порошковым',
  'Водным',
  'Воздушно-пенным',
  '',
  '',
  'B',
];
const WIDTHS = [60, 10, 28, 28, 28, 28, 20, 20, 18];

/** The import template: the header row, one example row, column widths and pick lists. */
export async function buildImportTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Oqu';
  const sheet = workbook.addWorksheet('Вопросы', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = QUESTION_IMPORT_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i] }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
  sheet.addRow(EXAMPLE_ROW).alignment = { vertical: 'top', wrapText: true };
  for (let row = 2; row <= 501; row++) {
    sheet.getCell(row, 2).dataValidation = { type: 'whole', operator: 'greaterThanOrEqual', allowBlank: true, formulae: [0] };
    sheet.getCell(row, 9).dataValidation = { type: 'list', allowBlank: true, formulae: ['"A,B,C,D,E,F"'] };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

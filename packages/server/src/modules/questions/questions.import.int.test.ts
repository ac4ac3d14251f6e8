import { QUESTION_IMPORT_COLUMNS, QUESTION_IMPORT_MAX_BYTES, Role, XLSX_MIME_TYPE } from '@oqu/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan, insertTest, insertTopic } from '../../test/catalogue.js';
import { FORBIDDEN, SIGN_IN_FIRST } from '../../test/http.js';
import { filePart, type MultipartPart, postMultipart } from '../../test/multipart.js';
import { workbookBomb } from '../../test/zip.js';

/** Question n of a generated sheet, in template column order; cells vary in kind as real files do. */
function sheetRow(n: number): ExcelJS.CellValue[] {
  const letter = 'ABCD'[n % 4];
  return [
    n % 10 === 0 ? { richText: [{ text: `Вопрос ` }, { text: `№${n}`, font: { bold: true } }] } : `Вопрос №${n}`,
    n % 3 === 0 ? '' : n,
    `Ответ A${n}`,
    `Ответ B${n}`,
    n % 7 === 0 ? { formula: `"Ответ C"&"${n}"`, result: `Ответ C${n}` } : `Ответ C${n}`,
    `Ответ D${n}`,
    n % 5 === 0 ? `Ответ E${n}` : null,
    null,
    n % 5 === 0 ? 'e' : letter,
  ];
}

async function xlsx(rows: ExcelJS.CellValue[][], header: string[] = [...QUESTION_IMPORT_COLUMNS]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Вопросы');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const generated = (count: number) => Array.from({ length: count }, (_, i) => sheetRow(i + 1));

describe('question import from .xlsx (questions module)', () => {
  let t: TestApp;
  let adminToken: string;
  let testId: number;
  let planId: number;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    planId = await insertPlan(t.db, 'Электробезопасность');
    topicId = await insertTopic(t.db, planId, 'Группы допуска');
    testId = await createTest('Электробезопасность: итоговый тест');
  });
  afterAll(() => t.close());

  const createTest = (name: string) => insertTest(t.db, planId, topicId, name);
  const importFile = (parts: MultipartPart[], token = adminToken, headers: Record<string, string> = {}) =>
    postMultipart(t.app, '/api/question/import', parts, token, headers);
  const xlsxPart = (data: Buffer, filename = 'questions.xlsx') => filePart(data, filename, XLSX_MIME_TYPE);
  const testPart = (id: number | string = testId): MultipartPart => ({ name: 'TestID', value: String(id) });
  const countIn = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/question/getquestions?id=${id}`, headers: bearer(adminToken) });
    return response.json().total as number;
  };

  it('serves the template: an .xlsx attachment with the header row and an example', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/question/import-template',
      headers: bearer(await t.tokenOf(Role.Teacher)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="questions-template.xlsx"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...QUESTION_IMPORT_COLUMNS]);
    expect(sheet.getRow(2).getCell(1).value).toEqual(expect.stringContaining('огнетушител'));
    expect(sheet.getColumn(1).width).toBe(60);

    // the template itself imports cleanly
    const test = await createTest('Тест из шаблона');
    const imported = await importFile([testPart(test), xlsxPart(response.rawPayload, 'questions-template.xlsx')]);
    expect(imported.json()).toMatchObject({ status: true, added: 1, rows: [] });
  });

  it('adds all 200 questions of a generated file in one go', async () => {
    const response = await importFile([testPart(), xlsxPart(await xlsx(generated(200)))], await t.tokenOf(Role.Teacher));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Добавлено вопросов: 200', added: 200, rows: [] });
    expect(await countIn(testId)).toBe(200);
    const test = await t.app.inject({ method: 'GET', url: `/api/exam/gettest/${testId}`, headers: bearer(adminToken) });
    expect(test.json().data.Questions).toBe(200);

    const stored = await t.db
      .selectFrom('questions')
      .select(['text', 'position', 'variant_c', 'variant_e', 'correct_answer'])
      .where('test_id', '=', testId)
      .orderBy('id')
      .execute();
    expect(stored[0]).toEqual({ text: 'Вопрос №1', position: 1, variant_c: 'Ответ C1', variant_e: '', correct_answer: 'B' });
    expect(stored[2]).toMatchObject({ text: 'Вопрос №3', position: 0 });
    expect(stored[6]).toMatchObject({ variant_c: 'Ответ C7' });
    expect(stored[9]).toEqual({ text: 'Вопрос №10', position: 10, variant_c: 'Ответ C10', variant_e: 'Ответ E10', correct_answer: 'E' });
  });

  it('writes nothing from a file with one bad row and reports exactly that row and column', async () => {
    const test = await createTest('Тест с ошибкой в файле');
    const rows = generated(200);
    // sheet row 57 is question 56: its variant C is left empty
    rows[55][4] = null;
    rows[55][8] = 'A';
    const response = await importFile([xlsxPart(await xlsx(rows)), testPart(test)]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: false,
      message: 'Строк с ошибками: 1. Ничего не добавлено — исправьте их и загрузите файл снова',
      added: 0,
      rows: [{ Row: 57, Errors: [{ Column: 'C', Message: 'Обязательное поле' }] }],
    });
    expect(await countIn(test)).toBe(0);
  });

  it('reports every wrong row in the caller’s language', async () => {
    const test = await createTest('Тест с несколькими ошибками');
    const rows = generated(5);
    rows[0][0] = '';
    rows[2][1] = -3;
    rows[3][8] = 'F';
    const response = await importFile([testPart(test), xlsxPart(await xlsx(rows))], adminToken, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: false,
      message: 'Rows with errors: 3. Nothing was added — fix them and upload the file again',
      added: 0,
      rows: [
        { Row: 2, Errors: [{ Column: 'Вопрос', Message: 'This field is required' }] },
        { Row: 4, Errors: [{ Column: 'Позиция', Message: 'The position must be a whole number, 0 or more' }] },
        { Row: 5, Errors: [{ Column: 'Правильный ответ', Message: 'The correct answer points to an empty variant' }] },
      ],
    });
    expect(await countIn(test)).toBe(0);
  });

  it('refuses a sheet without the template header, with no rows, or not a workbook at all', async () => {
    const header = await importFile([testPart(), xlsxPart(await xlsx(generated(2), ['Текст', 'A', 'B', 'C', 'D']))]);
    expect(header.statusCode).toBe(422);
    expect(header.json()).toEqual({
      status: false,
      message: 'Первая строка листа должна содержать заголовки шаблона: Вопрос, Позиция, A, B, C, D, E, F, Правильный ответ',
    });
    const empty = await importFile([testPart(), xlsxPart(await xlsx([]))]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ status: false, message: 'В файле нет вопросов: заполните строки под заголовками' });
    const csv = await importFile([testPart(), xlsxPart(Buffer.from('Вопрос;Позиция;A;B;C;D\nЧто?;1;a;b;c;d\n'), 'questions.xlsx')]);
    expect(csv.statusCode).toBe(415);
    expect(csv.json()).toEqual({ status: false, message: 'Нужен файл Excel в формате .xlsx' });
    expect(await countIn(testId)).toBe(200);
  });

  it('says a workbook it cannot read in the caller’s language', async () => {
    const whole = await xlsx(generated(2));
    const truncated = whole.subarray(0, whole.length - 100);
    for (const [language, message] of [
      ['ru', 'Не удалось прочитать файл Excel: сохраните его заново в формате .xlsx'],
      ['kk', 'Excel файлын оқу мүмкін болмады: оны .xlsx форматында қайта сақтаңыз'],
      ['en', 'The Excel file could not be read: save it again as .xlsx'],
    ]) {
      const response = await importFile([testPart(), xlsxPart(truncated)], adminToken, { 'accept-language': language });
      expect(response.statusCode, language).toBe(422);
      expect(response.json()).toEqual({ status: false, message });
    }
  });

  it('answers a zip bomb (1 MB declaring 100 bytes, inflating to 1 GiB) with 422 in under a second, without taking memory', async () => {
    const bomb = await workbookBomb(await xlsx(generated(2)), 1024);
    expect(bomb.length).toBeLessThan(QUESTION_IMPORT_MAX_BYTES);
    const questionsBefore = await countIn(testId);
    const before = process.memoryUsage();
    const started = performance.now();
    const response = await importFile([testPart(), xlsxPart(bomb)], adminToken, { 'accept-language': 'kk' });
    const elapsed = performance.now() - started;
    const after = process.memoryUsage();
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: false, message: 'Excel файлын оқу мүмкін болмады: оны .xlsx форматында қайта сақтаңыз' });
    expect(elapsed).toBeLessThan(1000);
    expect(after.rss - before.rss).toBeLessThan(50_000_000);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(50_000_000);
    expect(await countIn(testId)).toBe(questionsBefore);
  });

  it('refuses a file over 10,000,000 bytes with 413', async () => {
    const big = Buffer.alloc(QUESTION_IMPORT_MAX_BYTES + 1, 0x41);
    const response = await importFile([testPart(), xlsxPart(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: false, message: 'Файл не должен превышать 10 Мегабайт' });
  });

  it('needs a test that exists and a file', async () => {
    const file = await xlsx(generated(3));
    const unknown = await importFile([testPart(999999), xlsxPart(file)]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ status: false, message: 'Выбранный тест не найден' });
    for (const parts of [[xlsxPart(file)], [testPart('abc'), xlsxPart(file)]]) {
      const response = await importFile(parts);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: false, message: 'Укажите тест, в который загружаются вопросы (TestID)' });
    }
    const noFile = await importFile([testPart()]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ status: false, message: 'Выберите файл Excel (.xlsx) с вопросами' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/question/import',
      headers: bearer(adminToken),
      payload: { TestID: testId },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await countIn(testId)).toBe(200);
  });

  it('is refused to trainees, audience accounts and anonymous callers', async () => {
    const file = await xlsx(generated(2));
    for (const role of [Role.Trainee, Role.Region]) {
      const token = await t.tokenOf(role);
      const response = await importFile([testPart(), xlsxPart(file)], token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
      const template = await t.app.inject({ method: 'GET', url: '/api/question/import-template', headers: bearer(token) });
      expect(template.statusCode).toBe(403);
    }
    const anonymous = await postMultipart(t.app, '/api/question/import', [testPart(), xlsxPart(file)]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(SIGN_IN_FIRST);
    expect((await t.app.inject({ method: 'GET', url: '/api/question/import-template' })).statusCode).toBe(401);
    expect(await countIn(testId)).toBe(200);
  });
});

import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import type { ReportRow, ReportSheet } from './report.xlsx.js';
import { reportThread, writeXlsxOnThread } from './report-thread.js';

/** A sheet whose one page of rows comes once `release` settles; `asked` is called when the report thread asks for it. */
function sheet(rows: ReportRow[], asked: () => void = () => {}, release: Promise<void> = Promise.resolve()): ReportSheet {
  async function* pages() {
    asked();
    await release;
    yield rows;
  }
  return {
    name: 'Лист',
    columns: [
      { header: 'Имя', width: 20 },
      { header: 'Число', width: 8 },
    ],
    pages: pages(),
  };
}

async function rowsOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[] = [];
  workbook.getWorksheet('Лист')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const settled = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('the report thread', () => {
  // one report written, one waiting
  const thread = reportThread(1);
  afterAll(() => thread.close());

  it('writes one report at a time: one more waits for it, the next is refused at once (429)', async () => {
    const firstAsked = settled();
    const firstRows = settled();
    let firstDone = false;
    const first = writeXlsxOnThread(thread, [sheet([['Первый', 1]], firstAsked.resolve, firstRows.promise)]).finally(() => {
      firstDone = true;
    });
    await firstAsked.promise;
    // the first holds the thread while its rows are read: the second waits, read only once the first is written
    let secondAskedAfterFirst: boolean | undefined;
    const second = writeXlsxOnThread(thread, [
      sheet([['Второй', 2]], () => {
        secondAskedAfterFirst = firstDone;
      }),
    ]);
    const refused = writeXlsxOnThread(thread, [sheet([['Третий', 3]])]);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ statusCode: 429, key: 'report_queue_full', headers: { 'retry-after': '10' } });
    firstRows.resolve();
    expect(await rowsOf(await first)).toEqual([
      ['Имя', 'Число'],
      ['Первый', 1],
    ]);
    expect(await rowsOf(await second)).toEqual([
      ['Имя', 'Число'],
      ['Второй', 2],
    ]);
    expect(secondAskedAfterFirst).toBe(true);
  });

  it('fails a report whose rows cannot be read with the reader’s error, and goes on with the next', async () => {
    const broken: ReportSheet = {
      name: 'Лист',
      columns: [{ header: 'Имя', width: 20 }],
      pages: (async function* () {
        yield [['до сбоя']];
        throw new Error('the database went away');
      })(),
    };
    await expect(writeXlsxOnThread(thread, [broken])).rejects.toThrow('the database went away');
    expect(await rowsOf(await writeXlsxOnThread(thread, [sheet([['После', 4]])]))).toEqual([
      ['Имя', 'Число'],
      ['После', 4],
    ]);
  });
});

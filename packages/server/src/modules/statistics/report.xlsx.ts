import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type ReportRow = readonly (string | number)[];

/** One sheet of a report: lines above its table (what it covers), its header, then its rows page by page as they come (each written and let go at once). */
export interface ReportSheet {
  name: string;
  preamble?: string[][];
  columns: { header: string; width: number }[];
  pages: AsyncIterable<readonly ReportRow[]>;
}

/**
 * Writes the sheets into an xlsx with exceljs's streaming writer: each row is committed (serialised
 * into the zip) as soon as it is added, so only the compressed file grows in memory, never the rows.
 * The sheets are written one after the other, as the streaming writer requires.
 */
export async function writeXlsx(sheets: ReportSheet[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.columns = sheet.columns.map(({ width }) => ({ width }));
    if (sheet.preamble) {
      for (const line of sheet.preamble) worksheet.addRow(line).commit();
      worksheet.addRow([]).commit();
    }
    const header = worksheet.addRow(sheet.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const page of sheet.pages) for (const row of page) worksheet.addRow([...row]).commit();
    worksheet.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

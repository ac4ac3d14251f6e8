import { once } from 'node:events';
import { setPriority } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { answerJobs } from '../../lib/worker-pool.js';
import { type ReportRow, type ReportSheet, writeXlsx } from './report.xlsx.js';

/** A report to write: its sheets without their rows, and the port their rows come through (report-thread.ts). */
export interface ReportJob {
  sheets: Omit<ReportSheet, 'pages'>[];
  rows: MessagePort;
}

/** What the port answers when asked for a sheet's next page: its rows (none: the sheet is done), or why they could not be read. */
export type PageAnswer = { rows: readonly ReportRow[] } | { error: string };

// Linux keeps a nice value per thread: this one then yields the cores to the main thread (the answers)
// and to the database. Elsewhere the call would lower the whole process, so it is made on Linux only.
if (process.platform === 'linux') setPriority(19);

/** The sheet's pages, each asked for once the previous one is written: the rows are read only as fast as they are written. */
async function* pagesOf(port: MessagePort, sheet: number): AsyncGenerator<readonly ReportRow[]> {
  for (;;) {
    port.postMessage(sheet);
    const [answer] = (await once(port, 'message')) as [PageAnswer];
    if ('error' in answer) throw new Error(answer.error);
    if (answer.rows.length === 0) return;
    yield answer.rows;
  }
}

answerJobs(async ({ sheets, rows }: ReportJob) => {
  try {
    return await writeXlsx(sheets.map((sheet, index) => ({ ...sheet, pages: pagesOf(rows, index) })));
  } finally {
    rows.close();
  }
});

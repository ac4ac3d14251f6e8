import { MessageChannel } from 'node:worker_threads';
import { busy } from '../../errors.js';
import { WorkerPool, workerModule } from '../../lib/worker-pool.js';
import type { ReportSheet } from './report.xlsx.js';
import type { PageAnswer, ReportJob } from './report-worker.js';

export type ReportThread = WorkerPool<ReportJob, Uint8Array>;

/** How long a refused requester is asked to wait: about as long as a few reports take. */
const RETRY_AFTER_SECONDS = 10;

/**
 * One thread that writes the reports, one at a time; `waiting` more may wait for it, and beyond them
 * a request is refused at once (429, report_queue_full) rather than held for minutes.
 */
export const reportThread = (waiting: number): ReportThread =>
  new WorkerPool({
    module: workerModule(import.meta.url, 'report-worker'),
    size: 1,
    queueMax: waiting,
    busy: () => busy('report_queue_full', RETRY_AFTER_SECONDS),
  });

/**
 * Writes the sheets into an xlsx on the report thread. The rows are read here (the database is this
 * thread's) page by page as the report thread asks for them, so a report waiting for its turn reads
 * nothing, and the one being written reads a page only once the last is written: the database work
 * is spread over the report's time rather than taken at once from the answers.
 */
export async function writeXlsxOnThread(thread: ReportThread, sheets: ReportSheet[]): Promise<Buffer> {
  const { port1: rows, port2 } = new MessageChannel();
  const sources = sheets.map((sheet) => sheet.pages[Symbol.asyncIterator]());
  let failure: unknown;
  rows.on('message', async (sheet: number) => {
    let answer: PageAnswer;
    try {
      const next = await sources[sheet].next();
      answer = { rows: next.done ? [] : next.value };
    } catch (error) {
      failure = error;
      answer = { error: String(error) };
    }
    rows.postMessage(answer);
  });
  try {
    const job: ReportJob = { sheets: sheets.map(({ pages, ...sheet }) => sheet), rows: port2 };
    return Buffer.from(await thread.run(job, [port2]));
  } catch (error) {
    // the thread reports a failed read as its message only: the reader's own error is the one to throw
    throw failure ?? error;
  } finally {
    rows.close();
  }
}

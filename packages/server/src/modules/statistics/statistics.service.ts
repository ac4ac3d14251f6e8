import { randomBytes } from 'node:crypto';
import type { Language, Statistics, StatisticsFilter } from '@oqu/contracts';
import { notFound } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { dayIn } from '../../lib/calendar.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuthUser } from '../auth/auth.service.js';
import { type ReportSheet, writeXlsx } from './report.xlsx.js';
import { statisticsRows, toStatistics, traineeRow, webinarRow } from './statistics.presenter.js';
import type { StatisticsRepository, StatisticsWindow, TraineeKey, WebinarKey } from './statistics.repository.js';

/** Rows read from the database at a time while a report is written. */
const PAGE = 500;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface StatisticsOptions {
  timeZone: string;
  /** how long a report's address answers */
  fileHours: number;
}

type ReportKind = 'admin' | 'teacher';
const FILE_NAMES: Record<ReportKind, string> = { admin: 'statistics', teacher: 'webinars' };

/** Reads pages keyed by the last row of the previous one until a short page: rows one page at a time. */
async function* pages<R, K>(read: (after: K | null) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R> {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = keyOf(last);
  }
}

async function* mapRows<R, T>(rows: AsyncIterable<R>, map: (row: R) => T): AsyncGenerator<T> {
  for await (const row of rows) yield map(row);
}

export class StatisticsService {
  constructor(
    private readonly repo: StatisticsRepository,
    private readonly storage: Storage,
    private readonly options: StatisticsOptions,
  ) {}

  /** The window of the filter's days in the organisation's time zone, `to` included. */
  private async windowOf(filter: { from?: string; to?: string }): Promise<StatisticsWindow> {
    if (!filter.from && !filter.to) return {};
    const bounds = await this.repo.dayBounds(filter.from, filter.to, this.options.timeZone);
    return { ...bounds, ...(filter.from && { fromDay: filter.from }), ...(filter.to && { toDay: filter.to }) };
  }

  async statistics(filter: StatisticsFilter): Promise<Statistics> {
    return toStatistics(await this.repo.departments({ planId: filter.plan }, await this.windowOf(filter)));
  }

  /** The admin report: the statistics, then one row per trainee. Answers the file's address. */
  async adminReport(user: AuthUser, filter: StatisticsFilter, language: Language): Promise<string> {
    const population = { planId: filter.plan };
    const window = await this.windowOf(filter);
    const t = (key: Parameters<typeof translate>[0]) => translate(key, language);
    const departments = await this.repo.departments(population, window);
    const trainees = pages(
      (after: TraineeKey | null) => this.repo.trainees(population, window, after, PAGE),
      (row): TraineeKey => [row.department, row.full_name, row.id],
    );
    return this.store(user, 'admin', [
      {
        name: t('report_sheet_statistics'),
        columns: [
          { header: t('report_figure'), width: 26 },
          { header: t('report_department'), width: 32 },
          { header: t('report_passed'), width: 10 },
          { header: t('report_total'), width: 10 },
          { header: t('report_percent'), width: 8 },
        ],
        rows: toAsync(statisticsRows(departments, language)),
      },
      {
        name: t('report_sheet_trainees'),
        columns: [
          { header: t('report_full_name'), width: 36 },
          { header: t('report_iin'), width: 14 },
          { header: t('report_tabel'), width: 16 },
          { header: t('report_department'), width: 28 },
          { header: t('report_duty'), width: 28 },
          { header: t('report_plan'), width: 30 },
          { header: t('report_tests'), width: 20 },
          { header: t('report_exam'), width: 20 },
          { header: t('report_certificate_number'), width: 20 },
        ],
        rows: mapRows(trainees, (row) => traineeRow(row, language)),
      },
    ]);
  }

  /** The teacher report: every webinar begun within the window. Answers the file's address. */
  async teacherReport(user: AuthUser, filter: { from?: string; to?: string }, language: Language): Promise<string> {
    const window = await this.windowOf(filter);
    const t = (key: Parameters<typeof translate>[0]) => translate(key, language);
    const webinars = pages(
      (after: WebinarKey | null) => this.repo.webinars(window, this.options.timeZone, after, PAGE),
      (row): WebinarKey => [row.begin_time, row.id],
    );
    return this.store(user, 'teacher', [
      {
        name: t('report_sheet_webinars'),
        columns: [
          { header: t('report_webinar'), width: 36 },
          { header: t('report_plan'), width: 30 },
          { header: t('report_teacher'), width: 32 },
          { header: t('report_date'), width: 18 },
          { header: t('report_duration'), width: 16 },
          { header: t('report_present'), width: 16 },
          { header: t('report_attendees_total'), width: 18 },
          { header: t('report_minutes'), width: 18 },
        ],
        rows: mapRows(webinars, webinarRow),
      },
    ]);
  }

  /** Writes the workbook into storage under a fresh token; answers the address it is downloaded from. */
  private async store(user: AuthUser, kind: ReportKind, sheets: ReportSheet[]): Promise<string> {
    const token = randomBytes(16).toString('hex');
    const storageKey = `reports/${token}.xlsx`;
    await this.storage.put(storageKey, await writeXlsx(sheets));
    const expiresAt = new Date(Date.now() + this.options.fileHours * 3_600_000);
    await this.repo.insertFile({ token, kind, storageKey, createdBy: user.id, expiresAt });
    return `/api/report/file/${token}.xlsx`;
  }

  /** A report's file by its address's last part (`<token>.xlsx`), with a readable name; 404 once expired. */
  async openFile(name: string) {
    const token = name.slice(0, -'.xlsx'.length);
    const file = await this.repo.findLiveFile(token);
    const found = file ? await this.storage.read(file.storage_key) : null;
    if (!file || !found) throw notFound();
    const day = dayIn(new Date(file.created_at), this.options.timeZone);
    return { ...found, fileName: `${FILE_NAMES[file.kind]}-report-${day}.xlsx` };
  }

  /** Deletes the expired reports' rows, then their files. */
  async deleteExpired(): Promise<number> {
    const keys = await this.repo.deleteExpired();
    for (const key of keys) await this.storage.remove(key);
    return keys.length;
  }

  /** Deletes expired reports now (awaited, so the app starts clean) and every hour while the app lives; answers the stop. */
  async startSweeper(onError: (error: unknown) => void, intervalMs = SWEEP_INTERVAL_MS) {
    const sweep = () => this.deleteExpired().catch(onError);
    await sweep();
    const timer = setInterval(sweep, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

async function* toAsync<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

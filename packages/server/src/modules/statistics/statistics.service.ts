import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Language, Statistics, StatisticsFilter } from '@oqu/contracts';
import { conflict, notFound } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { dayIn } from '../../lib/calendar.js';
import { VersionedCache } from '../../lib/versioned-cache.js';
import type { Storage } from '../../plugins/storage.js';
import { hashToken } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { ReportRow, ReportSheet } from './report.xlsx.js';
import { type ReportThread, reportThread, writeXlsxOnThread } from './report-thread.js';
import { scopeRows, statisticsRows, toStatistics, traineeRow, webinarRow } from './statistics.presenter.js';
import type {
  DepartmentRow,
  ReportRequest,
  StatisticsRepository,
  StatisticsWindow,
  TraineeKey,
  WebinarKey,
} from './statistics.repository.js';

/** Rows read from the database at a time while a report is written: a short query each, the answers' queries run between them. */
const PAGE = 250;
/** Reports that may wait for the one being written, in this process; beyond them a request is refused (429). */
const REPORTS_WAITING = 4;
/** How long the figures for a filter are reused while no new result has come (people's details, moves and plans are seen within this). */
const FIGURES_MS = 5_000;
/** Filters whose figures are kept at most. */
const FIGURES_KEPT = 64;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** An identical request within this long gets the file just made: figures a minute old are as good, and a repeated click costs nothing. */
const REUSE_MS = 60_000;

export interface StatisticsOptions {
  timeZone: string;
  /** how long a report's address answers (REPORT_FILE_MINUTES) */
  fileMinutes: number;
}

/** Who asks for a report: the person and the session (its bearer token) the file is bound to. */
export interface Requester {
  user: AuthUser;
  token: string;
}

type ReportKind = 'admin' | 'teacher';
const FILE_NAMES: Record<ReportKind, string> = { admin: 'statistics', teacher: 'webinars' };

/**
 * Reads pages keyed by the last row of the previous one (never by an offset) until a short page, each
 * as report rows. After each page it rests as long as the page's query took, so a report never keeps
 * more than half of a database core busy: on an exam day the answers get the rest (bench/README.md,
 * reports), and a report takes twice as long, still about a second for 5,000 trainees.
 */
async function* pages<R, K>(
  read: (after: K | null) => Promise<R[]>,
  keyOf: (row: R) => K,
  toRow: (row: R) => ReportRow,
): AsyncGenerator<ReportRow[]> {
  let after: K | null = null;
  for (;;) {
    const started = performance.now();
    const rows = await read(after);
    const took = performance.now() - started;
    yield rows.map(toRow);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = keyOf(last);
    await sleep(took);
  }
}

/** The one report thread of this process, shared by every app in it: one report is written at a time. */
const sharedThread = reportThread(REPORTS_WAITING);

export class StatisticsService {
  /** The report each person has in the making in this process, by the request it answers. */
  private readonly making = new Map<number, { key: string; address: Promise<string> }>();
  private readonly figures = new VersionedCache<string, DepartmentRow[]>(FIGURES_KEPT, FIGURES_MS);

  constructor(
    private readonly repo: StatisticsRepository,
    private readonly storage: Storage,
    private readonly options: StatisticsOptions,
    private readonly thread: ReportThread = sharedThread,
  ) {}

  /** The window of the filter's days in the organisation's time zone, `to` included. */
  private async windowOf(filter: { from?: string; to?: string }): Promise<StatisticsWindow> {
    if (!filter.from && !filter.to) return {};
    const bounds = await this.repo.dayBounds(filter.from, filter.to, this.options.timeZone);
    return { ...bounds, ...(filter.from && { fromDay: filter.from }), ...(filter.to && { toDay: filter.to }) };
  }

  async statistics(filter: StatisticsFilter): Promise<Statistics> {
    return toStatistics(await this.departments(filter));
  }

  /**
   * The figures per department for the filter, reused for FIGURES_MS while the results stay as they
   * were; requests for one filter meanwhile share one reading. The results' version is read from the
   * database on every request, so a result recorded by any server process (an attempt finished, an
   * exam completed, a certificate issued or revoked) is counted by the next request to every process.
   */
  private async departments(filter: StatisticsFilter): Promise<DepartmentRow[]> {
    const key = JSON.stringify([filter.plan ?? null, filter.from ?? null, filter.to ?? null]);
    const version = await this.repo.resultsVersion();
    return this.figures.get(key, version, async () => this.repo.departments({ planId: filter.plan }, await this.windowOf(filter)));
  }

  /** The admin report: what it covers and the statistics, then one row per trainee. Answers the file's address. */
  adminReport(requester: Requester, filter: StatisticsFilter, language: Language): Promise<string> {
    const request = { plan: filter.plan ?? null, from: filter.from ?? null, to: filter.to ?? null, language };
    return this.report(requester, 'admin', request, async () => {
      const population = { planId: filter.plan };
      const window = await this.windowOf(filter);
      const t = (key: Parameters<typeof translate>[0]) => translate(key, language);
      const plan = filter.plan === undefined ? undefined : ((await this.repo.planName(filter.plan)) ?? '');
      const scope = {
        kind: 'admin' as const,
        plan,
        from: filter.from,
        to: filter.to,
        generatedAt: new Date(),
        timeZone: this.options.timeZone,
      };
      const departments = await this.departments(filter);
      return [
        {
          name: t('report_sheet_statistics'),
          preamble: scopeRows(scope, language),
          columns: [
            { header: t('report_figure'), width: 48 },
            { header: t('report_department'), width: 32 },
            { header: t('report_counted'), width: 10 },
            { header: t('report_out_of'), width: 12 },
            { header: t('report_out_of_whom'), width: 36 },
            { header: t('report_percent'), width: 8 },
          ],
          pages: toAsync([statisticsRows(departments, language)]),
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
            { header: t('report_tests_passed'), width: 12 },
            { header: t('report_tests_total'), width: 12 },
            { header: t('report_took_tests'), width: 14 },
            { header: t('report_course_passed'), width: 14 },
            { header: t('report_exam'), width: 22 },
            { header: t('report_certificate_number'), width: 20 },
          ],
          pages: pages(
            (after: TraineeKey | null) => this.repo.trainees(population, window, after, PAGE),
            (row): TraineeKey => [row.department, row.full_name, row.id],
            (row) => traineeRow(row, language),
          ),
        },
      ];
    });
  }

  /** The teacher report: every webinar begun within the window. Answers the file's address. */
  teacherReport(requester: Requester, filter: { from?: string; to?: string }, language: Language): Promise<string> {
    const request = { from: filter.from ?? null, to: filter.to ?? null, language };
    return this.report(requester, 'teacher', request, async () => {
      const window = await this.windowOf(filter);
      const t = (key: Parameters<typeof translate>[0]) => translate(key, language);
      const scope = { kind: 'teacher' as const, plan: null, ...filter, generatedAt: new Date(), timeZone: this.options.timeZone };
      return [
        {
          name: t('report_sheet_webinars'),
          preamble: scopeRows(scope, language),
          columns: [
            { header: t('report_webinar'), width: 36 },
            { header: t('report_plan'), width: 30 },
            { header: t('report_teacher'), width: 32 },
            { header: t('report_date'), width: 18 },
            { header: t('report_duration'), width: 16 },
            { header: t('report_present'), width: 16 },
            { header: t('report_attendees_total'), width: 22 },
            { header: t('report_minutes'), width: 18 },
          ],
          pages: pages(
            (after: WebinarKey | null) => this.repo.webinars(window, this.options.timeZone, after, PAGE),
            (row): WebinarKey => [row.begin_time, row.id],
            webinarRow,
          ),
        },
      ];
    });
  }

  /**
   * A report for the requester, bound to their session. One per person is made at a time: an identical
   * request (same kind, filters, language and session) meanwhile, or within REUSE_MS after, gets the
   * same file; any other is refused (409) until it is ready. The map keeps that within this process,
   * the database's one-in-the-making index across processes.
   */
  private report(requester: Requester, kind: ReportKind, request: object, sheets: () => Promise<ReportSheet[]>): Promise<string> {
    const file: ReportRequest = {
      createdBy: requester.user.id,
      kind,
      requestKey: JSON.stringify(request),
      sessionHash: hashToken(requester.token),
    };
    const key = `${kind}:${file.sessionHash}:${file.requestKey}`;
    const making = this.making.get(file.createdBy);
    if (making) return making.key === key ? making.address : Promise.reject(conflict('report_in_progress'));
    const address = this.reuseOrMake(file, sheets);
    this.making.set(file.createdBy, { key, address });
    const forget = () => this.making.delete(file.createdBy);
    address.then(forget, forget);
    return address;
  }

  private async reuseOrMake(file: ReportRequest, sheets: () => Promise<ReportSheet[]>): Promise<string> {
    const recent = await this.repo.findRecentFile(file, new Date(Date.now() - REUSE_MS));
    if (recent?.ready) return addressOf(recent.token);
    if (recent) throw conflict('report_in_progress');
    const token = randomBytes(16).toString('hex');
    const storageKey = `reports/${token}.xlsx`;
    const expiresAt = new Date(Date.now() + this.options.fileMinutes * 60_000);
    if (!(await this.repo.startFile({ ...file, token, storageKey, expiresAt }))) throw conflict('report_in_progress');
    try {
      await this.storage.put(storageKey, await writeXlsxOnThread(this.thread, await sheets()));
      await this.repo.markReady(token);
    } catch (error) {
      await this.repo.dropFile(token);
      await this.storage.remove(storageKey);
      throw error;
    }
    return addressOf(token);
  }

  /**
   * A report's file by its address's last part (`<token>.xlsx`), with a readable name; 404 once
   * expired, or once the session that asked for it has ended (signed out, blocked, archived).
   */
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

const addressOf = (token: string) => `/api/report/file/${token}.xlsx`;

async function* toAsync<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

import type { DepartmentStatus, Language, PassedOfTotal, Statistics } from '@oqu/contracts';
import { translate } from '../../i18n/messages.js';
import type { DepartmentRow, TraineeRow, WebinarRow } from './statistics.repository.js';

type Figure = 'course' | 'test' | 'certificate';
const FIGURES: readonly Figure[] = ['course', 'test', 'certificate'];

const statusOf = (row: DepartmentRow, figure: Figure): PassedOfTotal => ({
  Passed: row[`${figure}_passed`],
  Total: row[`${figure}_total`],
});

const totalOf = (rows: DepartmentRow[], figure: Figure): PassedOfTotal =>
  rows.reduce((sum, row) => ({ Passed: sum.Passed + row[`${figure}_passed`], Total: sum.Total + row[`${figure}_total`] }), {
    Passed: 0,
    Total: 0,
  });

/** The per-department rows as the contract's figures; the department without a name is ''. */
export function toStatistics(rows: DepartmentRow[]): Statistics {
  const perDepartment = (figure: Figure): DepartmentStatus[] => rows.map((row) => ({ Name: row.name, Status: statusOf(row, figure) }));
  return {
    TotalCourse: totalOf(rows, 'course'),
    TotalTest: totalOf(rows, 'test'),
    TotalCertificate: totalOf(rows, 'certificate'),
    AttendanceCourse: perDepartment('course'),
    AttendanceTest: perDepartment('test'),
    GetCerificate: perDepartment('certificate'),
  };
}

const percent = ({ Passed, Total }: PassedOfTotal) => (Total === 0 ? 0 : Math.round((Passed / Total) * 100));

/** YYYY-MM-DD as DD.MM.YYYY, the one date format of the reports. */
const displayDay = (day: string) => day.split('-').reverse().join('.');

/** `moment` in `timeZone` as DD.MM.YYYY HH:mm. */
export function displayMoment(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/** What a report covers, as the rows above its first sheet's table name it. */
export interface ReportScope {
  kind: 'admin' | 'teacher';
  /** the plan's name; undefined: every plan (the teacher report has no plan filter: null) */
  plan?: string | null;
  from?: string;
  to?: string;
  generatedAt: Date;
  timeZone: string;
}

/** The rows naming the report, its plan, its period and when it was made (in the organisation's time zone). */
export function scopeRows(scope: ReportScope, language: Language): string[][] {
  const t = (key: Parameters<typeof translate>[0], params?: Record<string, string>) => translate(key, language, params);
  const period = [
    scope.from && t('report_since', { day: displayDay(scope.from) }),
    scope.to && t('report_until', { day: displayDay(scope.to) }),
  ].filter(Boolean);
  return [
    [t(`report_title_${scope.kind}`)],
    ...(scope.plan === null ? [] : [[t('report_for_plan'), scope.plan ?? t('report_all_plans')]]),
    [t('report_period'), period.length ? period.join(' ') : t('report_all_time')],
    [t('report_generated'), `${displayMoment(scope.generatedAt, scope.timeZone)} (${scope.timeZone})`],
  ];
}

/** The admin report's figures: each over all departments, then per department; the same numbers as the screen. */
export function statisticsRows(rows: DepartmentRow[], language: Language): (string | number)[][] {
  return FIGURES.flatMap((figure) => {
    const name = translate(`report_${figure}`, language);
    const ofWhom = translate(`report_${figure}_of`, language);
    const line = (department: string, status: PassedOfTotal) => [name, department, status.Passed, status.Total, ofWhom, percent(status)];
    return [
      line(translate('report_all_departments', language), totalOf(rows, figure)),
      ...rows.map((row) => line(row.name || translate('report_no_department', language), statusOf(row, figure))),
    ];
  });
}

/**
 * A trainee's row of the admin report. Its columns add up to the figures: the rows are the course's and
 * the turnout's totals, «Да» in «Прошёл курс» and «Явка на тесты» their counts; a verdict marks the
 * certification's total (the latest completed exam they took part in, as its frozen record has it),
 * a certificate number its count.
 */
export function traineeRow(row: TraineeRow, language: Language): (string | number)[] {
  const yesNo = (value: boolean) => translate(value ? 'report_yes' : 'report_no', language);
  const verdict = row.exam_id === null ? '' : translate(`report_verdict_${row.verdict ?? 'pending'}`, language);
  return [
    row.full_name,
    row.iin,
    row.tabel ?? '',
    row.department || translate('report_no_department', language),
    row.duty,
    row.plan,
    row.tests_passed,
    row.tests_total,
    yesNo(row.tests_taken),
    yesNo(row.course_passed),
    verdict,
    row.certificate ?? '',
  ];
}

export const webinarRow = (row: WebinarRow): (string | number)[] => [
  row.name,
  row.plan,
  row.teacher,
  row.begins,
  row.duration_minutes,
  row.present,
  row.total,
  row.minutes,
];

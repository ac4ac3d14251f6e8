import type { DepartmentStatus, Language, PassedOfTotal, Statistics } from '@oqu/contracts';
import { translate } from '../../i18n/messages.js';
import { examVerdict } from '../exams/verdict.js';
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

/** The admin report's first sheet: each figure over all departments, then per department. */
export function statisticsRows(rows: DepartmentRow[], language: Language): (string | number)[][] {
  return FIGURES.flatMap((figure) => {
    const name = translate(`report_${figure}`, language);
    const total = totalOf(rows, figure);
    return [
      [name, translate('report_all_departments', language), total.Passed, total.Total, percent(total)],
      ...rows.map((row) => {
        const status = statusOf(row, figure);
        return [name, row.name || translate('report_no_department', language), status.Passed, status.Total, percent(status)];
      }),
    ];
  });
}

/** A trainee's row of the admin report; the exam's verdict as the exam's participant list shows it. */
export function traineeRow(row: TraineeRow, language: Language): (string | number)[] {
  const verdict = row.exam_id === null ? '' : translate(`report_verdict_${examVerdict(row.votes, row.examiners)}`, language);
  return [
    row.full_name,
    row.iin,
    row.tabel ?? '',
    row.department || translate('report_no_department', language),
    row.duty,
    row.plan,
    `${row.tests_passed} / ${row.tests_total}`,
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

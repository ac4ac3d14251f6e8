import { useLocation } from 'react-router';

/** Where the exam screens live (admin-back-office.md §2 Exam, Report cards and results). */
export const EXAM_PATHS = {
  list: '/admin/exam',
  create: '/admin/create-exam',
  edit: (id: number) => `/admin/edit-exam/${id}`,
  /** the examiner's own exams (their landing page) */
  reportCard: '/admin/report-card',
  /** every exam, for the administrator */
  adminReportCard: '/admin/report-card-admin',
  conduct: (id: number) => `/admin/exam-for-examiner/${id}`,
  results: (id: number) => `/admin/exam-results/${id}`,
  resultsAdmin: (id: number) => `/admin/exam-results-admin/${id}`,
  sign: (id: number) => `/admin/eds-authorization?exam=${id}`,
};

/** The examiner's screens in the compact layout (a phone): the same pages at root-level routes. */
export const COMPACT_EXAM_PATHS = {
  ...EXAM_PATHS,
  reportCard: '/report-card',
  conduct: (id: number) => `/exam-for-examiner/${id}`,
  results: (id: number) => `/exam-results/${id}`,
  sign: (id: number) => `/eds-authorization?exam=${id}`,
};

export type ExamPaths = typeof EXAM_PATHS;

/** The examiner's screens link within the layout they are shown in: /admin/… or the compact routes. */
export function examPathsFor(pathname: string): ExamPaths {
  return pathname.startsWith('/admin/') ? EXAM_PATHS : COMPACT_EXAM_PATHS;
}

export function useExamPaths(): ExamPaths {
  return examPathsFor(useLocation().pathname);
}

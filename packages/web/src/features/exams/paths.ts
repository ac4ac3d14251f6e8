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

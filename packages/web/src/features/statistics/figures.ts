import type { DepartmentStatus, PassedOfTotal, Statistics } from '@oqu/contracts';

/** The three rows of the statistics screen, each with its total, its departments and its chart colour. */
export type FigureKey = 'course' | 'test' | 'certificate';

/** Okabe–Ito colours: told apart with any colour vision, each at least 3:1 against white. */
const COLOURS: Record<FigureKey, string> = { course: '#0072B2', test: '#D55E00', certificate: '#007A5E' };

export interface Figure {
  key: FigureKey;
  colour: string;
  total: PassedOfTotal;
  departments: DepartmentStatus[];
}

export function figuresOf(statistics: Statistics): Figure[] {
  return [
    { key: 'course', colour: COLOURS.course, total: statistics.TotalCourse, departments: statistics.AttendanceCourse },
    { key: 'test', colour: COLOURS.test, total: statistics.TotalTest, departments: statistics.AttendanceTest },
    { key: 'certificate', colour: COLOURS.certificate, total: statistics.TotalCertificate, departments: statistics.GetCerificate },
  ];
}

/** Passed as a whole percentage of total; 0 of 0 is 0 %. */
export const percentOf = ({ Passed, Total }: PassedOfTotal) => (Total === 0 ? 0 : Math.round((Passed / Total) * 100));

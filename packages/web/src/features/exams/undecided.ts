import type { ExamUndecided } from '@oqu/contracts';

/** One examiner who still has to vote, as the completion dialog and the results page say it. */
export interface UndecidedLine {
  examinerId: number;
  name: string;
  /** the caller themself ("you") */
  mine: boolean;
  /** trainees still undecided by them */
  count: number;
  /** the first of those trainees' names */
  shown: string[];
  /** how many more are not named */
  more: number;
}

/**
 * Who still has to vote on whom (/table/get's `Undecided`): the caller first, then the others in the
 * exam's order; at most `limit` trainees named per examiner, the rest counted.
 */
export function undecidedLines(undecided: readonly ExamUndecided[], me: number | undefined, limit = 5): UndecidedLine[] {
  const lines = undecided
    .filter((examiner) => examiner.Trainees.length > 0)
    .map((examiner) => ({
      examinerId: examiner.ExamenatorID,
      name: examiner.Fullname,
      mine: examiner.ExamenatorID === me,
      count: examiner.Trainees.length,
      shown: examiner.Trainees.slice(0, limit).map((trainee) => trainee.Fullname),
      more: Math.max(0, examiner.Trainees.length - limit),
    }));
  return [...lines.filter((line) => line.mine), ...lines.filter((line) => !line.mine)];
}

import { EXAM_STATUS, type Exam } from '@oqu/contracts';
import { secondsBetween } from '../rooms/time';

/**
 * Pure rules of the trainee's exam rows and the region account's screens (learner-and-instructor.md
 * §2 /user/tests, /test, /admin/audience-region; admin-back-office.md §4 audience exam status).
 */

/** The region account's exams (/admin/audience) and one exam's room there. */
export const AUDIENCE_PATH = '/admin/audience';
export const audienceRoomPath = (examId: number) => `/admin/audience-region/${examId}`;

/**
 * What the trainee reads of their exam's outcome: the verdict once every examiner has signed
 * (`pending` when the votes settle nothing), "awaiting signatures" once the exam is over, else nothing yet.
 */
export type VerdictKey = 'accepted' | 'rejected' | 'pending' | 'awaitingSignature' | 'none';

export function verdictKey(exam: Pick<Exam, 'Verdict' | 'Status'>): VerdictKey {
  if (exam.Verdict) return exam.Verdict;
  return exam.Status === EXAM_STATUS.Finished ? 'awaitingSignature' : 'none';
}

/** The exam's examiners as one line (the list, else the spec's single `Examenator`). */
export function examinerNames(exam: Pick<Exam, 'Examenators' | 'Examenator'>): string {
  const people = exam.Examenators.length > 0 ? exam.Examenators : exam.Examenator ? [exam.Examenator] : [];
  return people.map((person) => person.Fullname).join(', ');
}

/** admin-back-office.md §4: an audience exam is blue while 'В процессе', grey otherwise. */
export function examStatusTone(status: string): 'blue' | 'grey' {
  return status === EXAM_STATUS.Live ? 'blue' : 'grey';
}

/** When the exam ends (ms): completed early at `EndedAt`, else at BeginTime + Duration; NaN for a bad date. */
export function examEndsAt(exam: Pick<Exam, 'BeginTime' | 'Duration' | 'EndedAt'>): number {
  const ended = exam.EndedAt ? Date.parse(exam.EndedAt) : Number.NaN;
  return Number.isFinite(ended) ? ended : Date.parse(exam.BeginTime) + exam.Duration * 60_000;
}

/** An exam's clocks, in seconds; `remaining` counts to the start while it waits («До начала»), else to its end. */
export interface ExamClocks {
  elapsed: number | null;
  remaining: number | null;
  until: 'start' | 'end';
}

type Timed = Pick<Exam, 'BeginTime' | 'Duration' | 'EndedAt' | 'Status'>;

/**
 * The exam's clocks at `now` (server time, ms), as the examiner's and the region's screens show
 * them: before the start nothing has elapsed and the time left is until the start; while it runs,
 * since the start and until the planned end; once over, the elapsed time stops at its end and
 * nothing remains (shown '-').
 */
export function examClocks(exam: Timed, now: number): ExamClocks {
  const begin = Date.parse(exam.BeginTime);
  if (!Number.isFinite(begin)) return { elapsed: null, remaining: null, until: 'end' };
  if (exam.Status === EXAM_STATUS.Waiting) return { elapsed: null, remaining: secondsBetween(now, begin), until: 'start' };
  if (exam.Status === EXAM_STATUS.Finished)
    return { elapsed: secondsBetween(begin, Math.min(now, examEndsAt(exam))), remaining: null, until: 'end' };
  return { elapsed: secondsBetween(begin, now), remaining: secondsBetween(now, begin + exam.Duration * 60_000), until: 'end' };
}

/** When the exam's status changes with the clock alone (ms, server time): at its start, then at its planned end. */
export function nextStatusChange(exam: Timed): number | null {
  if (exam.Status === EXAM_STATUS.Waiting) return Date.parse(exam.BeginTime);
  if (exam.Status === EXAM_STATUS.Live) return examEndsAt(exam);
  return null;
}

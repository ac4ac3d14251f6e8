import { EXAM_STATUS, type Exam, type ExamEvent, type ExamResults, type ExamStatus } from '@oqu/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { dataOf, isInt, isObject, type SseMessage } from '../rooms/sse';
import { type ExamTable, examsKeys } from './api';

/**
 * Frames of GET /api/exam/events/{id} (contracts `examEvent`) and what they do to the cached exam
 * queries. Checked field by field without zod, as the webinar rooms' events are: a malformed frame
 * reads the exam again instead of breaking the screen.
 */

const STATUSES: readonly string[] = Object.values(EXAM_STATUS);

function isResults(value: unknown): value is ExamResults {
  return isObject(value) && isInt(value.Passed) && isInt(value.Total);
}

const refetch = (what: string): ExamEvent => ({ type: 'refetch', data: { What: what } });

/** The exam event a message carries; null for what a screen does not act on (`ready`, keep-alives, unknown types). */
export function parseExamEvent(message: SseMessage): ExamEvent | null {
  const data = dataOf(message);
  switch (message.event) {
    case 'results':
      return isObject(data) && isInt(data.UserID) && isResults(data.Results)
        ? { type: 'results', data: { UserID: data.UserID, Results: { Passed: data.Results.Passed, Total: data.Results.Total } } }
        : refetch('results');
    case 'status':
      return isObject(data) && typeof data.Status === 'string' && STATUSES.includes(data.Status)
        ? {
            type: 'status',
            data: { Status: data.Status as ExamStatus, EndedAt: typeof data.EndedAt === 'string' ? data.EndedAt : null },
          }
        : refetch('status');
    case 'votes':
    case 'signed':
      return { type: message.event, data: { ExamenatorID: isObject(data) && isInt(data.ExamenatorID) ? data.ExamenatorID : 0 } };
    case 'refetch':
      return refetch(isObject(data) && typeof data.What === 'string' ? data.What : 'all');
    default:
      return null;
  }
}

/** A region table after a trainee's results changed: only that trainee's row is new. */
export function withResults(table: ExamTable | undefined, userId: number, results: ExamResults): ExamTable | undefined {
  if (!table) return table;
  let changed = false;
  const data = table.data.map((group) => {
    if (!group.Users.some((user) => user.ID === userId)) return group;
    changed = true;
    return {
      ...group,
      Users: group.Users.map((user) =>
        user.ID === userId ? { ...user, Results: results, BelowPassMark: results.Passed < table.exam.PassMarks } : user,
      ),
    };
  });
  return changed ? { ...table, data } : table;
}

type StatusChange = Pick<Exam, 'Status' | 'EndedAt'>;

const withStatus = <T extends StatusChange>(exam: T, change: StatusChange): T => ({
  ...exam,
  Status: change.Status,
  EndedAt: change.EndedAt ?? exam.EndedAt,
});

/** Reads the exam's table and details again (and, after a signature, its signatures). */
export function refreshExam(client: QueryClient, examId: number, signed = false): void {
  void client.invalidateQueries({ queryKey: examsKeys.table(examId), exact: true });
  void client.invalidateQueries({ queryKey: examsKeys.one(examId), exact: true });
  if (signed) void client.invalidateQueries({ queryKey: examsKeys.signatures(examId), exact: true });
}

/**
 * Applies an event of exam `examId` to the cache: `results` patches the trainee in
 * examsKeys.table; `status` patches the exam's Status and EndedAt wherever it is cached (its table,
 * its details, the lists of one's own exams); `votes`, `signed` and `refetch` read it again.
 */
export function applyExamEvent(client: QueryClient, examId: number, event: ExamEvent): void {
  switch (event.type) {
    case 'results':
      client.setQueryData<ExamTable>(examsKeys.table(examId), (table) => withResults(table, event.data.UserID, event.data.Results));
      return;
    case 'status':
      client.setQueryData<ExamTable>(examsKeys.table(examId), (table) => table && { ...table, exam: withStatus(table.exam, event.data) });
      client.setQueryData<Exam>(examsKeys.one(examId), (exam) => exam && withStatus(exam, event.data));
      client.setQueryData<Exam[]>(examsKeys.mine, (list) =>
        list?.map((exam) => (exam.ID === examId ? withStatus(exam, event.data) : exam)),
      );
      return;
    default:
      refreshExam(client, examId, event.type === 'signed');
  }
}

import { TEST_STATUS } from '@oqu/contracts';

/**
 * What a webinar test's row offers (admin-back-office.md §4 webinar test status; learner-and-instructor.md
 * §4 webinar test start). Staff: 'Ожидается' not opened yet → "start testing"; 'В процессе' running
 * until its deadline; 'Пройден' its time is over → how many finished. Trainee: 'В процессе' → start;
 * otherwise their status and result.
 */
export type StaffTestState = 'startable' | 'running' | 'over' | 'unknown';

export function staffTestState(status: string): StaffTestState {
  switch (status.trim()) {
    case TEST_STATUS.Upcoming:
      return 'startable';
    case TEST_STATUS.InProgress:
      return 'running';
    case TEST_STATUS.Passed:
      return 'over';
    default:
      return 'unknown';
  }
}

/** The trainee may start (or go on with) a webinar test only while it is open. */
export function traineeCanStart(status: string): boolean {
  return status.trim() === TEST_STATUS.InProgress;
}

/** A trainee's result is shown once they have one (passed or failed). */
export function traineeHasResult(status: string, result: number | null): result is number {
  const text = status.trim();
  return result !== null && (text === TEST_STATUS.Passed || text === TEST_STATUS.Failed);
}

import {
  opensWebinarTestsAnyTime,
  type RoleId,
  runsWebinar,
  TEST_STATUS,
  WEBINAR_STATUS,
  type WebinarDetails,
  type WebinarTest,
} from '@oqu/contracts';

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

/**
 * Whether the caller may open a webinar's tests (the server's gate, by the same rules): an administrator at
 * any time; the webinar's own teacher while it is in progress — before or after, the button shows
 * disabled with the reason ('notLive'); anyone else never, and sees no button ('none').
 */
export type OpeningRight = 'open' | 'notLive' | 'none';

export function openingRight(
  role: RoleId,
  userId: number,
  webinar: Pick<WebinarDetails, 'TeacherID' | 'Status'> | undefined,
): OpeningRight {
  if (!webinar || !runsWebinar(role, userId, webinar.TeacherID)) return 'none';
  if (opensWebinarTestsAnyTime(role)) return 'open';
  return webinar.Status === WEBINAR_STATUS.Live ? 'open' : 'notLive';
}

interface TestsAnswer {
  exam: WebinarTest | null;
}

/**
 * What ending the webinar does for its attendees, as the teacher's confirm dialog says it (staff
 * statuses): a main test never opened, with questions, opens now and they go to it ('opensTest');
 * a main test still open, they go to it ('toTest'); otherwise they go back to the webinars list.
 */
export type EndOutcome = { kind: 'opensTest' | 'toTest'; test: WebinarTest } | { kind: 'toList' };

export function endOutcome(tests: TestsAnswer): EndOutcome {
  const main = tests.exam;
  if (!main || main.Questions === 0) return { kind: 'toList' };
  const state = staffTestState(main.Status);
  if (state === 'startable') return { kind: 'opensTest', test: main };
  if (state === 'running') return { kind: 'toTest', test: main };
  return { kind: 'toList' };
}

/** The trainee's main test when they can take it now (open, not taken yet), else null: where the end of the webinar sends them. */
export function takeableMainTest(tests: TestsAnswer | undefined): number | null {
  const main = tests?.exam;
  return main && traineeCanStart(main.Status) && main.Questions > 0 ? main.ID : null;
}

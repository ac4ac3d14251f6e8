import { type OpenedTest, opensWebinarTestsAnyTime, WEBINAR_STATUS, type WebinarTest } from '@oqu/contracts';
import { forbidden, unprocessable } from '../../../errors.js';
import type { WebinarEventHub } from '../../../plugins/realtime.js';
import type { WebinarTestGate } from '../../attempts/attempts.service.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { runsWebinar } from '../webinars.policy.js';
import type { WebinarsService } from '../webinars.service.js';
import { toWebinarTest } from './webinar-tests.presenter.js';
import type { WebinarTestsRepository } from './webinar-tests.repository.js';

/**
 * What webinars need of the testing engine (it owns these writes): a trainee's attempts past their
 * deadline closed and scored before the tests list reads their standing; the main test opened when
 * a webinar ends without it having been opened (null when it had been, or has no questions).
 */
export interface WebinarAttempts {
  closeExpiredOf(userId: number, testId?: number): Promise<unknown>;
  openAtWebinarEnd(testId: number): Promise<OpenedTest | null>;
}

/** The webinar tests of a webinar's topic: the room's list, who may open them, and the rooms told of an opening. */
export class WebinarTestsService implements WebinarTestGate {
  constructor(
    private readonly repository: WebinarTestsRepository,
    private readonly webinars: WebinarsService,
    private readonly events: WebinarEventHub,
    private readonly attempts: WebinarAttempts,
  ) {}

  /**
   * GET /api/test/webinar/id:{id}: the webinar's tests in order and its main test. A trainee reads
   * their own standing (attempts past their deadline are closed first); staff read the openings.
   */
  async tests(user: AuthUser, webinarId: number): Promise<{ data: WebinarTest[]; exam: WebinarTest | null }> {
    const access = await this.webinars.readAccess(user, webinarId);
    const { row } = access;
    const traineeId = access.staff ? null : user.id;
    let rows = await this.repository.tests(row.topic_id, traineeId);
    if (traineeId !== null && rows.some((r) => r.run_expired)) {
      await this.attempts.closeExpiredOf(traineeId);
      rows = await this.repository.tests(row.topic_id, traineeId);
    }
    const data = rows.map((r) => toWebinarTest(r, access.staff));
    return { data, exam: data[0] ?? null };
  }

  /**
   * The attempts module's gate before staff open a webinar test: an administrator may open any, a
   * teacher only one on the topic of their own webinar that is 'В процессе' (403, 422 otherwise).
   * Answers the live webinars on the test's topic that hear of it.
   */
  async webinarsToOpen(user: AuthUser, testId: number): Promise<number[]> {
    const webinars = await this.repository.webinarsOfTest(testId);
    const live = (list: typeof webinars) => list.filter((w) => w.status === WEBINAR_STATUS.Live).map((w) => w.id);
    if (opensWebinarTestsAnyTime(user.roleId)) return live(webinars);
    const own = webinars.filter((w) => runsWebinar(user, w));
    if (own.length === 0) throw forbidden('webinar_test_not_yours');
    const ids = live(own);
    if (ids.length === 0) throw unprocessable('webinar_test_not_live');
    return ids;
  }

  /** Tells those webinars' rooms that a test is open until its deadline. */
  async testOpened(webinarIds: number[], test: { TestID: number; Deadline: string }) {
    await Promise.all(webinarIds.map((id) => this.events.publish(id, { type: 'test', data: test })));
  }

  /** Opens the topic's main test if it was never opened, as a webinar ends; this room and the topic's live rooms hear of it. */
  async openMainTestAtEnd(webinarId: number, topicId: number): Promise<OpenedTest | null> {
    const mainTest = await this.repository.mainTest(topicId);
    const opened = mainTest === undefined ? null : await this.attempts.openAtWebinarEnd(mainTest);
    if (!opened) return null;
    const live = (await this.repository.webinarsOfTest(opened.TestID)).filter((w) => w.status === WEBINAR_STATUS.Live).map((w) => w.id);
    await this.testOpened([webinarId, ...live], { TestID: opened.TestID, Deadline: opened.Deadline });
    return opened;
  }
}

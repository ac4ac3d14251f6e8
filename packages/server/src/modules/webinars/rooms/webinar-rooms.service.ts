import { WEBINAR_STATUS, type WebinarStatus } from '@oqu/contracts';
import { unprocessable } from '../../../errors.js';
import type { WebinarEventHub } from '../../../plugins/realtime.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { AuthUser } from '../../auth/auth-user.js';
import type { WebinarTestsService } from '../tests/webinar-tests.service.js';
import { statusEvent, type WebinarsService } from '../webinars.service.js';
import type { WebinarRoomsRepository } from './webinar-rooms.repository.js';

/** What becomes of the webinar's own stream when it ends (the stream module: it becomes the recording). */
export interface StreamAtEnd {
  finish(webinarId: number): Promise<void>;
}

/** Running a room: the teacher's start and end, and a trainee's join. */
export class WebinarRoomsService {
  constructor(
    private readonly repository: WebinarRoomsRepository,
    private readonly webinars: WebinarsService,
    private readonly tests: WebinarTestsService,
    private readonly audit: AuditService,
    private readonly events: WebinarEventHub,
    private readonly stream: StreamAtEnd,
  ) {}

  /** POST /api/web/startweb: its teacher or an administrator, while it is 'В процессе'; the start is recorded once. */
  async start(user: AuthUser, webinarId: number) {
    const row = await this.webinars.runnable(user, webinarId);
    requireLive(row.status);
    if (await this.repository.markStarted(webinarId)) {
      await this.audit.record(user.id, 'webinar.start', webinarId);
      await this.events.publish(webinarId, statusEvent(WEBINAR_STATUS.Live, null));
    }
    return { Status: WEBINAR_STATUS.Live };
  }

  /**
   * POST /api/web/endweb/id:{id}: its teacher or an administrator, once it has begun; the end is
   * recorded once. The attendees are sent to the main test, so a main test never opened opens now
   * (before the rooms hear of the end, so it is open when they arrive). The broadcast is packaged to
   * its last chunk and kept as the recording before the rooms hear of the end too.
   */
  async end(user: AuthUser, webinarId: number) {
    const row = await this.webinars.runnable(user, webinarId);
    if (row.status === WEBINAR_STATUS.Waiting) throw unprocessable('webinar_not_yet');
    const ended = await this.repository.markEnded(webinarId);
    const endedAt = new Date(ended.endedAt).toISOString();
    if (ended.now) {
      await this.stream.finish(webinarId);
      const opened = await this.tests.openMainTestAtEnd(webinarId, row.topic_id);
      await this.audit.record(user.id, 'webinar.end', webinarId, opened ? { openedTest: opened.TestID } : {});
      await this.events.publish(webinarId, statusEvent(WEBINAR_STATUS.Finished, endedAt));
    }
    return { Status: WEBINAR_STATUS.Finished, EndedAt: endedAt };
  }

  /**
   * Whether the caller may join the webinar now: a trainee of its plan (404 otherwise) while it is
   * 'В процессе' (422 otherwise). Asked by the join and by the face check before it.
   */
  async admitToJoin(user: AuthUser, webinarId: number) {
    const access = await this.webinars.roomAccess(user, webinarId);
    requireLive(access.status);
    return access;
  }

  /**
   * POST /api/web/setattend: a trainee of the webinar's plan joins while it is 'В процессе', once
   * past the face check (403 without a recent match while FACE_CHECK is required). The face check's
   * match joins through here too, with its `verified` similarity, which the attendance keeps.
   */
  async join(user: AuthUser, webinarId: number, verified?: { similarity: number }) {
    await this.admitToJoin(user, webinarId);
    if (!verified) await this.webinars.requireFaceCheck(user, webinarId);
    await this.repository.recordJoin(webinarId, user.id, verified);
  }
}

function requireLive(status: WebinarStatus) {
  if (status === WEBINAR_STATUS.Waiting) throw unprocessable('webinar_not_yet');
  if (status === WEBINAR_STATUS.Finished) throw unprocessable('webinar_finished');
}

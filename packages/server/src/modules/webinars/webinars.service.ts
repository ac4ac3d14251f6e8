import { randomBytes } from 'node:crypto';
import {
  type OpenedTest,
  opensWebinarTestsAnyTime,
  Role,
  WEBINAR_STATUS,
  type WebinarDetails,
  type WebinarDocument,
  type WebinarRequest,
  type WebinarStatus,
  type WebinarTest,
} from '@oqu/contracts';
import { isReferenceViolation, writeChecked } from '../../db/database.js';
import { forbidden, notFound, unprocessable } from '../../errors.js';
import { paged, pagedOrCapped } from '../../lib/paging.js';
import type { WebinarEventHub } from '../../plugins/realtime.js';
import type { Storage } from '../../plugins/storage.js';
import type { WebinarTestGate } from '../attempts/attempts.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.service.js';
import { fileUrl } from '../files/files.presenter.js';
import { EXTENSIONS, type Upload } from '../files/files.service.js';
import {
  attendsWebinar,
  editsWebinar,
  isWebinarStaff,
  maySchedule,
  notOwnRefusal,
  readsWithoutRoom,
  runsWebinar,
} from './webinars.policy.js';
import { streamUrl, toDocument, toWebinar, toWebinarDetails, toWebinarTest } from './webinars.presenter.js';
import type { AccessRecord, WebinarsFilter, WebinarsRepository } from './webinars.repository.js';

export interface WebinarSettings {
  /** STREAM_PAGE_URL: `{id}`, `{name}` and `{teacher}` are replaced; undefined when none is configured. */
  streamPageUrl?: string;
  /** A webinar its teacher never ended reads 'Завершен' this long after its scheduled end (the repository's `webinarStatusSql` applies it). */
  graceMinutes: number;
}

/** Who is in a webinar's room, as the other webinar modules need to know. */
export interface RoomAccess {
  webinarId: number;
  teacherId: number;
  planId: number;
  /** The caller is the webinar's teacher or an administrator (may run the room). */
  runsRoom: boolean;
  status: WebinarStatus;
}

/**
 * What webinars need of the testing engine (it owns these writes): a trainee's attempts past their
 * deadline closed and scored before the tests list reads their standing; the main test opened when
 * a webinar ends without it having been opened (null when it had been, or has no questions).
 */
export interface WebinarAttempts {
  closeExpiredOf(userId: number, testId?: number): Promise<unknown>;
  openAtWebinarEnd(testId: number): Promise<OpenedTest | null>;
}

/** A webinar deleted between the check and the write, or a plan, topic or teacher gone meanwhile: 422, not 500. */
const VANISHED = {
  webinars_plan_id_fkey: 'webinar_plan_not_found',
  webinars_topic_id_fkey: 'webinar_topic_not_found',
  webinars_teacher_id_fkey: 'webinar_teacher_not_found',
} as const;

/** Scheduling, status, the teacher's start and end, attendance, documents, preview and webinar tests. */
export class WebinarsService implements WebinarTestGate {
  constructor(
    private readonly repository: WebinarsRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly events: WebinarEventHub,
    private readonly settings: WebinarSettings,
    private readonly attempts: WebinarAttempts,
  ) {}

  // ——— access ———

  /**
   * The caller's access to a webinar's room: an administrator any webinar, a teacher their own, a
   * trainee one of their plan; 404 for an archived webinar or one the caller may not see.
   */
  async roomAccess(user: AuthUser, webinarId: number): Promise<RoomAccess> {
    return admit(user, await this.existing(user, webinarId));
  }

  /** Whether the caller may read the webinar's room (its chat): room access, or an examiner reading the admin screens. */
  async assertReadable(user: AuthUser, webinarId: number): Promise<void> {
    await this.readAccess(user, webinarId);
  }

  /**
   * Room access, or an examiner's reading of any webinar not archived (they read the admin screens, never
   * run a room); `staff` is everyone but the trainee.
   */
  private async readAccess(user: AuthUser, webinarId: number): Promise<{ row: AccessRecord; staff: boolean }> {
    const row = await this.existing(user, webinarId);
    if (!readsWithoutRoom(user)) admit(user, row);
    return { row, staff: isWebinarStaff(user) };
  }

  /** A webinar (not archived) its caller runs: 404 when there is none, 403 when it is another teacher's (or the caller runs no rooms). */
  private async runnable(user: AuthUser, webinarId: number) {
    const row = await this.existing(user, webinarId);
    if (runsWebinar(user, row)) return row;
    throw forbidden(notOwnRefusal(user));
  }

  /** A webinar (not archived) its caller may edit: an administrator or examiner any, a teacher their own. */
  private async editable(user: AuthUser, webinarId: number) {
    const row = await this.existing(user, webinarId);
    if (editsWebinar(user, row)) return row;
    throw forbidden(notOwnRefusal(user));
  }

  /** A webinar that is not archived (404 otherwise), with what access and the rules need. */
  private async existing(user: AuthUser, webinarId: number): Promise<AccessRecord> {
    const row = await this.repository.access(webinarId, user.id);
    if (!row || row.archived_at !== null) throw notFound('webinar_not_found');
    return row;
  }

  // ——— lists and details ———

  /** GET /api/web/getwebinars: every live webinar, newest start first. */
  list(user: AuthUser, query: WebinarsFilter & { page: number }) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query, user, limit, offset),
      (rows) => rows.map(toWebinar),
    );
  }

  /** GET /api/web/teacherweb: the webinars the caller runs; paged when `page` is given, else capped. */
  ofTeacher(user: AuthUser, page?: number) {
    return pagedOrCapped(
      page,
      (limit, offset) => this.repository.ofTeacher(user, limit, offset),
      (rows) => rows.map(toWebinar),
    );
  }

  /** GET /api/web/getuserweb: the webinars of the trainee's plan; paged when `page` is given, else capped. */
  ofTrainee(user: AuthUser, page?: number) {
    return pagedOrCapped(
      page,
      (limit, offset) => this.repository.ofTrainee(user, limit, offset),
      (rows) => rows.map(toWebinar),
    );
  }

  /** GET /api/web/getweb/{id}: one webinar for its room or the admin screens; staff also get who attends. */
  async details(user: AuthUser, webinarId: number): Promise<WebinarDetails> {
    const access = await this.readAccess(user, webinarId);
    const row = await this.repository.details(webinarId, user);
    if (!row) throw notFound('webinar_not_found');
    const attendees = access.staff ? await this.repository.attendees(webinarId, row.plan_id, row.teacher_id) : [];
    const url = streamUrl(this.settings.streamPageUrl, webinarId, user.fullName, row.teacher_id === user.id);
    return toWebinarDetails(row, { attendees, streamUrl: url });
  }

  // ——— scheduling ———

  async create(user: AuthUser, body: WebinarRequest): Promise<number> {
    if (!maySchedule(user, body.TeacherID)) throw forbidden('webinar_teacher_self_only');
    await this.check(body);
    const id = await writeChecked(VANISHED, () => this.repository.insert(this.columns(body)));
    await this.audit.record(user.id, 'webinar.create', id, this.auditDetails(body));
    return id;
  }

  async update(user: AuthUser, webinarId: number, body: WebinarRequest) {
    const current = await this.editable(user, webinarId);
    if (!maySchedule(user, body.TeacherID)) throw forbidden('webinar_teacher_self_only');
    await this.check(body);
    await writeChecked(VANISHED, () => this.repository.update(webinarId, this.columns(body)));
    await this.audit.record(user.id, 'webinar.update', webinarId, {
      ...this.auditDetails(body),
      previous: { name: current.name, plan: current.plan_id, topic: current.topic_id, teacher: current.teacher_id },
    });
    // the schedule may have moved it into or out of its time: open rooms hear the status now
    const after = await this.repository.access(webinarId, user.id);
    if (after && after.status !== current.status) await this.publishStatus(webinarId, after.status, after.ended_at);
  }

  /**
   * Deletes a webinar nobody took part in, with its documents and preview and their files. One with
   * chat, attendance, presence or question threads is archived instead: what people did is kept.
   */
  async remove(user: AuthUser, webinarId: number): Promise<{ archived: boolean }> {
    const current = await this.editable(user, webinarId);
    let archived = await this.repository.hasRecords(webinarId);
    if (!archived) {
      try {
        const keys = await this.repository.delete(webinarId);
        await Promise.all(keys.map((key) => this.storage.remove(key)));
      } catch (error) {
        // someone joined or wrote meanwhile
        if (!isReferenceViolation(error)) throw error;
        archived = true;
      }
    }
    if (archived) await this.repository.archive(webinarId);
    await this.audit.record(user.id, archived ? 'webinar.archive' : 'webinar.delete', webinarId, { name: current.name });
    return { archived };
  }

  /** The plan and topic exist and match, the teacher is a live, unblocked teacher (422 otherwise). */
  private async check(body: WebinarRequest) {
    const [plan, topic, teacher] = await Promise.all([
      this.repository.findPlan(body.PlanID),
      this.repository.findTopic(body.TopicID),
      this.repository.findPerson(body.TeacherID),
    ]);
    if (!plan) throw unprocessable('webinar_plan_not_found');
    if (!topic) throw unprocessable('webinar_topic_not_found');
    if (topic.plan_id !== plan.id) throw unprocessable('webinar_topic_other_plan', { topic: topic.name, plan: plan.name });
    if (!teacher) throw unprocessable('webinar_teacher_not_found');
    if (teacher.role_id !== Role.Teacher) throw unprocessable('webinar_teacher_not_teacher', { name: teacher.full_name });
    if (teacher.is_blocked) throw unprocessable('webinar_teacher_inactive', { name: teacher.full_name });
  }

  private columns(body: WebinarRequest) {
    return {
      name: body.Name,
      description: body.Description,
      begin_time: new Date(body.BeginTime),
      duration_minutes: body.Duration,
      plan_id: body.PlanID,
      topic_id: body.TopicID,
      teacher_id: body.TeacherID,
    };
  }

  private auditDetails(body: WebinarRequest) {
    return {
      name: body.Name,
      plan: body.PlanID,
      topic: body.TopicID,
      teacher: body.TeacherID,
      begin: new Date(body.BeginTime).toISOString(),
      duration: body.Duration,
    };
  }

  // ——— running it ———

  /** POST /api/web/startweb: its teacher or an administrator, while it is 'В процессе'; the start is recorded once. */
  async start(user: AuthUser, webinarId: number) {
    const row = await this.runnable(user, webinarId);
    this.requireLive(row.status);
    if (await this.repository.markStarted(webinarId)) {
      await this.audit.record(user.id, 'webinar.start', webinarId);
      await this.publishStatus(webinarId, WEBINAR_STATUS.Live, null);
    }
    return { Status: WEBINAR_STATUS.Live };
  }

  /**
   * POST /api/web/endweb/id:{id}: its teacher or an administrator, once it has begun; the end is
   * recorded once. The attendees are sent to the main test, so a main test never opened opens now
   * (before the rooms hear of the end, so it is open when they arrive).
   */
  async end(user: AuthUser, webinarId: number) {
    const row = await this.runnable(user, webinarId);
    if (row.status === WEBINAR_STATUS.Waiting) throw unprocessable('webinar_not_yet');
    const ended = await this.repository.markEnded(webinarId);
    const endedAt = new Date(ended.endedAt).toISOString();
    if (ended.now) {
      const opened = await this.openMainTestAtEnd(webinarId, row.topic_id);
      await this.audit.record(user.id, 'webinar.end', webinarId, opened ? { openedTest: opened.TestID } : {});
      await this.publishStatus(webinarId, WEBINAR_STATUS.Finished, endedAt);
    }
    return { Status: WEBINAR_STATUS.Finished, EndedAt: endedAt };
  }

  /** Opens the topic's main test if it was never opened; this room and the topic's live rooms hear of it. */
  private async openMainTestAtEnd(webinarId: number, topicId: number): Promise<OpenedTest | null> {
    const mainTest = await this.repository.mainTest(topicId);
    const opened = mainTest === undefined ? null : await this.attempts.openAtWebinarEnd(mainTest);
    if (!opened) return null;
    const live = (await this.repository.webinarsOfTest(opened.TestID)).filter((w) => w.status === WEBINAR_STATUS.Live).map((w) => w.id);
    await this.testOpened([webinarId, ...live], { TestID: opened.TestID, Deadline: opened.Deadline });
    return opened;
  }

  /**
   * POST /api/web/setattend: a trainee of the webinar's plan joins while it is 'В процессе'. The one
   * way in: the camera face check will run here, before the join is recorded.
   */
  async join(user: AuthUser, webinarId: number) {
    const access = await this.roomAccess(user, webinarId);
    this.requireLive(access.status);
    await this.repository.recordJoin(webinarId, user.id);
  }

  private requireLive(status: WebinarStatus) {
    if (status === WEBINAR_STATUS.Waiting) throw unprocessable('webinar_not_yet');
    if (status === WEBINAR_STATUS.Finished) throw unprocessable('webinar_finished');
  }

  private publishStatus(webinarId: number, status: WebinarStatus, endedAt: Date | string | null) {
    const EndedAt = endedAt === null ? null : new Date(endedAt).toISOString();
    return this.events.publish(webinarId, { type: 'status', data: { Status: status, EndedAt } });
  }

  // ——— documents and preview ———

  /** Adds a document to the room (its teacher or an administrator); answers the room's documents. */
  async addDocument(user: AuthUser, webinarId: number, file: Upload): Promise<WebinarDocument[]> {
    await this.runnable(user, webinarId);
    const key = await this.store(file);
    try {
      const id = await this.repository.insertDocument({
        webinar_id: webinarId,
        name: file.name,
        storage_key: key,
        size: file.data.length,
        content_type: file.mime,
        uploaded_by: user.id,
      });
      await this.audit.record(user.id, 'webinar.document.add', webinarId, { document: id, name: file.name });
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
    return this.publishDocuments(webinarId);
  }

  /** DELETE /delete/docs/id:{id}: its webinar's teacher or an administrator; the file goes too. Answers the room's documents. */
  async deleteDocument(user: AuthUser, documentId: number): Promise<WebinarDocument[]> {
    const document = await this.repository.findDocument(documentId);
    if (!document) throw notFound('document_not_found');
    await this.runnable(user, document.webinar_id);
    await this.repository.deleteDocument(documentId);
    await this.storage.remove(document.storage_key);
    await this.audit.record(user.id, 'webinar.document.delete', document.webinar_id, { document: documentId, name: document.name });
    return this.publishDocuments(document.webinar_id);
  }

  /** Sets the preview video (whoever may edit the webinar); the one it replaces is removed. */
  async setPreview(user: AuthUser, webinarId: number, file: Upload): Promise<{ ID: number; Name: string; Path: string }> {
    await this.editable(user, webinarId);
    const key = await this.store(file);
    let old: string | null;
    try {
      old = await this.repository.setPreview(webinarId, key, file.name);
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
    if (old && old !== key) await this.storage.remove(old);
    await this.audit.record(user.id, 'webinar.preview', webinarId, { name: file.name });
    return { ID: webinarId, Name: file.name, Path: fileUrl(key) };
  }

  /** Stores an upload checked by FilesService under a generated name. */
  private async store(file: Upload) {
    const key = `webinars/${randomBytes(16).toString('hex')}.${EXTENSIONS[file.mime]}`;
    await this.storage.put(key, file.data);
    return key;
  }

  /** Tells the open rooms the documents as they are now; answers them. */
  private async publishDocuments(webinarId: number) {
    const docs = (await this.repository.documents(webinarId)).map(toDocument);
    await this.events.publish(webinarId, { type: 'docs', data: { Docs: docs } });
    return docs;
  }

  // ——— webinar tests ———

  /**
   * GET /api/test/webinar/id:{id}: the webinar's tests in order and its main test. A trainee reads
   * their own standing (attempts past their deadline are closed first); staff read the openings.
   */
  async tests(user: AuthUser, webinarId: number): Promise<{ data: WebinarTest[]; exam: WebinarTest | null }> {
    const access = await this.readAccess(user, webinarId);
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
}

/** Room access to a live webinar: an administrator, its teacher, or a trainee of its plan; 404 for anyone else. */
function admit(user: AuthUser, row: AccessRecord): RoomAccess {
  const runsRoom = runsWebinar(user, row);
  if (!runsRoom && !attendsWebinar(user, row)) throw notFound('webinar_not_found');
  return { webinarId: row.id, teacherId: row.teacher_id, planId: row.plan_id, runsRoom, status: row.status };
}

import { Role, type WebinarDetails, type WebinarRequest, type WebinarStatus } from '@oqu/contracts';
import { isReferenceViolation, writeChecked } from '../../db/database.js';
import { forbidden, notFound, unprocessable } from '../../errors.js';
import { paged, pagedOrCapped } from '../../lib/paging.js';
import type { WebinarEventHub } from '../../plugins/realtime.js';
import { removeUnder, type Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { fileUrl } from '../files/files.presenter.js';
import type { Upload } from '../files/files.service.js';
import {
  attendsWebinar,
  editsWebinar,
  isWebinarStaff,
  maySchedule,
  notOwnRefusal,
  readsWithoutRoom,
  runsWebinar,
} from './webinars.policy.js';
import { streamUrl, toWebinar, toWebinarDetails } from './webinars.presenter.js';
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
 * The face check a trainee passes before being in a room (the face module answers; staff, and
 * everyone while FACE_CHECK is off, pass): 403 without a recent match for the webinar.
 */
export interface RoomFaceCheck {
  requireWebinarCheck(user: Pick<AuthUser, 'id' | 'roleId'>, webinarId: number): Promise<void>;
}

/** A webinar deleted between the check and the write, or a plan, topic or teacher gone meanwhile: 422, not 500. */
const VANISHED = {
  webinars_plan_id_fkey: 'webinar_plan_not_found',
  webinars_topic_id_fkey: 'webinar_topic_not_found',
  webinars_teacher_id_fkey: 'webinar_teacher_not_found',
} as const;

/**
 * Scheduling, status, lists and details, the preview, and who may be in a room and run it — what the
 * rooms, documents and tests sub-modules and the chat, presence and question threads ask.
 */
export class WebinarsService {
  constructor(
    private readonly repository: WebinarsRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly events: WebinarEventHub,
    private readonly settings: WebinarSettings,
    private readonly faceCheck: RoomFaceCheck,
  ) {}

  // ——— access ———

  /**
   * The caller's access to a webinar's room: an administrator any webinar, a teacher their own, a
   * trainee one of their plan; 404 for an archived webinar or one the caller may not see.
   */
  async roomAccess(user: AuthUser, webinarId: number): Promise<RoomAccess> {
    return admit(user, await this.existing(user, webinarId));
  }

  /** Being in the room (its event stream, the join) takes a trainee's face check besides room access: 403 without it. */
  requireFaceCheck(user: AuthUser, webinarId: number): Promise<void> {
    return this.faceCheck.requireWebinarCheck(user, webinarId);
  }

  /** Whether the caller may read the webinar's room (its chat): room access, or an examiner reading the admin screens. */
  async assertReadable(user: AuthUser, webinarId: number): Promise<void> {
    await this.readAccess(user, webinarId);
  }

  /**
   * Room access, or an examiner's reading of any webinar not archived (they read the admin screens, never
   * run a room); `staff` is everyone but the trainee.
   */
  async readAccess(user: AuthUser, webinarId: number): Promise<{ row: AccessRecord; staff: boolean }> {
    const row = await this.existing(user, webinarId);
    if (!readsWithoutRoom(user)) admit(user, row);
    return { row, staff: isWebinarStaff(user) };
  }

  /** A webinar (not archived) its caller runs: 404 when there is none, 403 when it is another teacher's (or the caller runs no rooms). */
  async runnable(user: AuthUser, webinarId: number) {
    const row = await this.existing(user, webinarId);
    if (runsWebinar(user, row)) return row;
    throw forbidden(notOwnRefusal(user));
  }

  /** A webinar not archived, with its teacher and status, for a caller known by a signed grant rather than a session. */
  async streamAccess(webinarId: number) {
    const row = await this.repository.access(webinarId, 0);
    return row && row.archived_at === null ? row : undefined;
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
    if (after && after.status !== current.status) await this.events.publish(webinarId, statusEvent(after.status, after.ended_at));
  }

  /**
   * Deletes a webinar nobody took part in, with its documents, preview and broadcast and their files. One with
   * chat, attendance, presence or question threads is archived instead: what people did is kept.
   */
  async remove(user: AuthUser, webinarId: number): Promise<{ archived: boolean }> {
    const current = await this.editable(user, webinarId);
    let archived = await this.repository.hasRecords(webinarId);
    if (!archived) {
      try {
        const { keys, folders } = await this.repository.delete(webinarId);
        await Promise.all(keys.map((key) => this.storage.remove(key)));
        for (const folder of folders) await removeUnder(this.storage, folder);
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

  // ——— the preview ———

  /** Sets the preview video (whoever may edit the webinar); the one it replaces is removed. */
  async setPreview(user: AuthUser, webinarId: number, file: Upload): Promise<{ ID: number; Name: string; Path: string }> {
    await this.editable(user, webinarId);
    const key = file.key;
    const old = await this.repository.setPreview(webinarId, key, file.name);
    if (old && old !== key) await this.storage.remove(old);
    await this.audit.record(user.id, 'webinar.preview', webinarId, { name: file.name });
    return { ID: webinarId, Name: file.name, Path: fileUrl(key) };
  }
}

/** The event that tells open rooms the webinar's status (and when it ended). */
export function statusEvent(status: WebinarStatus, endedAt: Date | string | null) {
  return { type: 'status', data: { Status: status, EndedAt: endedAt === null ? null : new Date(endedAt).toISOString() } } as const;
}

/** Room access to a live webinar: an administrator, its teacher, or a trainee of its plan; 404 for anyone else. */
function admit(user: AuthUser, row: AccessRecord): RoomAccess {
  const runsRoom = runsWebinar(user, row);
  if (!runsRoom && !attendsWebinar(user, row)) throw notFound('webinar_not_found');
  return { webinarId: row.id, teacherId: row.teacher_id, planId: row.plan_id, runsRoom, status: row.status };
}

import {
  TEST_STATUS,
  type Webinar,
  type WebinarAttendee,
  type WebinarDetails,
  type WebinarDocument,
  type WebinarTest,
} from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';
import type { AttendeeRecord, DocumentRecord, WebinarRecord, WebinarTestRecord } from './webinars.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toDocument(row: DocumentRecord): WebinarDocument {
  return { ID: row.id, Name: row.name, CreatedAt: iso(row.created_at), Size: row.size, Path: fileUrl(row.storage_key) };
}

/** The preview's ID is the webinar's: a webinar has at most one. */
export function toPreview(webinarId: number, key: string | null, name: string | null) {
  return key ? { ID: webinarId, Name: name ?? '', Path: fileUrl(key) } : null;
}

export function toWebinar(row: WebinarRecord): Webinar {
  const begin = iso(row.begin_time);
  return {
    ID: row.id,
    Webinarname: row.name,
    Description: row.description,
    Startdate: begin,
    BeginTime: begin,
    Duration: row.duration_minutes,
    Status: row.status,
    MessageStatus: Boolean(row.message_status),
    PlanID: row.plan_id,
    Planname: row.plan_name,
    TopicID: row.topic_id,
    Topicname: row.topic_name,
    TeacherID: row.teacher_id,
    Teacher: { ID: row.teacher_id, Fullname: row.teacher_name },
    Preview: toPreview(row.id, row.preview_key, row.preview_name),
    MainTest: row.main_test,
    ActiveTest: row.active_test,
    Testcount: row.test_count,
    Docs: row.docs.map(toDocument),
    Online: row.online,
    TotalStudents: row.total_students,
    StartedAt: isoOrNull(row.started_at),
    EndedAt: isoOrNull(row.ended_at),
  };
}

export function toAttendee(row: AttendeeRecord): WebinarAttendee {
  return {
    ID: row.id,
    IDNumber: row.tabel ?? '',
    Fullname: row.full_name,
    Connected: Boolean(row.connected),
    Online: Boolean(row.online),
    Minutes: Math.floor(Number(row.seconds) / 60),
  };
}

export function toWebinarDetails(row: WebinarRecord, extra: { attendees: AttendeeRecord[]; streamUrl: string | null }): WebinarDetails {
  return { ...toWebinar(row), UsersOnline: extra.attendees.map(toAttendee), StreamUrl: extra.streamUrl, Now: iso(row.now) };
}

/**
 * A webinar test as the room lists it. A trainee: their running attempt or a test open now reads
 * 'В процессе', their latest finished attempt 'Пройден' / 'Не пройден' with the correct answers,
 * otherwise 'Ожидается'. Staff: never opened (or not open now and never) 'Ожидается', open now
 * 'В процессе', its time over 'Пройден', with the finished attempts on record as Result.
 */
export function toWebinarTest(row: WebinarTestRecord, staff: boolean): WebinarTest {
  const common = {
    ID: row.id,
    Test: row.name,
    Topic: row.topic_name,
    Duration: row.duration_minutes,
    Questions: row.question_count,
    Position: row.position ?? 0,
    OpenedAt: isoOrNull(row.opened_at),
    Deadline: isoOrNull(row.deadline),
  };
  if (staff) {
    const status = row.opened_at === null ? TEST_STATUS.Upcoming : row.open_now ? TEST_STATUS.InProgress : TEST_STATUS.Passed;
    return { ...common, Status: status, Result: row.finished_count };
  }
  if (row.run_id !== null) return { ...common, Status: TEST_STATUS.InProgress, Result: null };
  if (row.fin_passed !== null || row.fin_correct !== null) {
    return { ...common, Status: row.fin_passed ? TEST_STATUS.Passed : TEST_STATUS.Failed, Result: row.fin_correct };
  }
  return { ...common, Status: row.open_now ? TEST_STATUS.InProgress : TEST_STATUS.Upcoming, Result: null };
}

/** The stream page for the caller: STREAM_PAGE_URL with `{id}`, `{name}` (URL-encoded) and `{teacher}` (1 or 0) filled in. */
export function streamUrl(template: string | undefined, webinarId: number, fullName: string, isTeacher: boolean): string | null {
  if (!template) return null;
  return template
    .replaceAll('{id}', String(webinarId))
    .replaceAll('{name}', encodeURIComponent(fullName))
    .replaceAll('{teacher}', isTeacher ? '1' : '0');
}

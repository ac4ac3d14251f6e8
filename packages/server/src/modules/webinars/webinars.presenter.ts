import type { Webinar, WebinarAttendee, WebinarDetails } from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';
import { toDocument } from './documents/webinar-documents.presenter.js';
import type { AttendeeRecord, WebinarRecord } from './webinars.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

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
    HasRecording: Boolean(row.has_recording),
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
    FaceVerified: Boolean(row.face_verified),
    WatchedMinutes: Math.floor(Number(row.live_seconds) / 60),
    RecordingMinutes: Math.floor(Number(row.recording_seconds) / 60),
  };
}

export function toWebinarDetails(row: WebinarRecord, extra: { attendees: AttendeeRecord[]; streamUrl: string | null }): WebinarDetails {
  return { ...toWebinar(row), UsersOnline: extra.attendees.map(toAttendee), StreamUrl: extra.streamUrl, Now: iso(row.now) };
}

/** The stream page for the caller: STREAM_PAGE_URL with `{id}`, `{name}` (URL-encoded) and `{teacher}` (1 or 0) filled in. */
export function streamUrl(template: string | undefined, webinarId: number, fullName: string, isTeacher: boolean): string | null {
  if (!template) return null;
  return template
    .replaceAll('{id}', String(webinarId))
    .replaceAll('{name}', encodeURIComponent(fullName))
    .replaceAll('{teacher}', isTeacher ? '1' : '0');
}

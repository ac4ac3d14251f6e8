import type { CertificateLayout } from '@oqu/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A text column with a database default. */
type DefaultedText = ColumnType<string, string | undefined, string>;
/**
 * A timestamp: read as a Date, optional on insert (where the database has a default, `now()`). Never
 * `Generated<Timestamp>`: that types the column's reads as the ColumnType itself, not a Date.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp the database has no default for: required on insert. */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  role_id: number;
  last_name: DefaultedText;
  first_name: DefaultedText;
  middle_name: DefaultedText;
  full_name: string;
  login: string | null;
  iin: string;
  tabel: string | null;
  department: DefaultedText;
  duty: DefaultedText;
  password_hash: string;
  is_blocked: Generated<boolean>;
  plan_id: number | null;
  /** a trainee's exam-audience account (role 5) */
  region_id: number | null;
  registered_on: ColumnType<string, string | undefined, string>;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
}

export interface UserPhotosTable {
  id: Generated<number>;
  user_id: number;
  storage_key: string;
  name: string;
  mime: string;
  size: number;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failed_at: RequiredTimestamp;
  last_failed_at: RequiredTimestamp;
}

/** An address a person signed in from: the throttle's (person, address) key and the latest sign-in there. */
export interface LoginKnownAddressesTable {
  pair: string;
  signed_in_at: RequiredTimestamp;
}

/** The one key the known-device cookie is signed with. */
export interface LoginDeviceKeyTable {
  secret: string;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: number;
  action: string;
  target_id: number | null;
  details: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}

export interface DictionaryItemsTable {
  id: number;
  kind: 'topic_type' | 'edu_type' | 'exam_type';
  position: number;
  name_ru: string;
  name_kk: string;
  name_en: string;
}

export interface UploadsTable {
  id: Generated<number>;
  storage_key: string;
  name: string;
  mime: string;
  size: number;
  uploaded_by: number;
  created_at: Timestamp;
}

export interface MediaFilesTable {
  id: Generated<number>;
  name: string;
  vr: Generated<boolean>;
  storage_key: string;
  /** bigint: read as text */
  size: ColumnType<string, number | string, number | string>;
  mime: string;
  file_name: string;
  created_at: Timestamp;
  created_by: number;
}

export interface CertificatesTable {
  id: Generated<number>;
  name: string;
  file_name: string;
  storage_key: string;
  /** CertificateLayout (JSON); null: the default layout */
  layout: ColumnType<CertificateLayout | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface IssuedCertificatesTable {
  id: Generated<number>;
  number: string;
  code: string;
  user_id: number;
  exam_id: number;
  plan_id: number | null;
  template_id: number | null;
  holder_name: string;
  holder_iin: string;
  plan_name: string;
  exam_type: string;
  /** YYYY-MM-DD in ORG_TIMEZONE */
  issued_on: ColumnType<string, string, string>;
  pdf_key: string;
  docx_key: string | null;
  /** copied at issue (null on certificates issued before they were kept) */
  exam_name: string | null;
  /** the exam's day, YYYY-MM-DD in ORG_TIMEZONE */
  exam_date: ColumnType<string | null, string | null | undefined, string | null>;
  chair_name: string | null;
  organisation: string | null;
  /** ORG_DETAILS at issue (address, BIN); null on certificates issued before they were kept */
  organisation_details: string | null;
  /** YYYY-MM-DD; null: valid without a term */
  valid_until: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  revoke_reason: string | null;
  created_at: Timestamp;
}

export interface CertificateNumbersTable {
  year: number;
  last: number;
}

export interface ReportFilesTable {
  token: string;
  kind: 'admin' | 'teacher';
  storage_key: string;
  created_by: number;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  /** the token hash of the session that asked for it: the file answers while that session lives */
  session_hash: string | null;
  /** the kind and filters asked for: an identical request reuses the file */
  request_key: DefaultedText;
  /** null while the file is being made */
  ready_at: Timestamp | null;
}

/** When a trainee followed which plan (kept by a trigger on users; migration 202611270005). */
export interface PlanMembershipsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  since: Timestamp;
  until: Timestamp | null;
}

export interface PlansTable {
  id: Generated<number>;
  name: string;
  description: DefaultedText;
  duties: ColumnType<string[], string[] | undefined, string[]>;
  certificate_id: number | null;
  edu_type_id: number | null;
  created_at: Timestamp;
}

/** numeric comes back from the driver as a string; write numbers or strings. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

export interface TopicsTable {
  id: Generated<number>;
  plan_id: number;
  name: string;
  position: Generated<number>;
  id_number: DefaultedText;
  description: DefaultedText;
  thematic: DefaultedText;
  lesson_plan: DefaultedText;
  outline: DefaultedText;
  equipment: DefaultedText;
  teaching_aids: DefaultedText;
  total_hours: Numeric;
  type_id: number;
  edu_type_id: number;
  scheduled_at: Timestamp | null;
  created_at: Timestamp;
}

export interface TestsTable {
  id: Generated<number>;
  name: string;
  description: DefaultedText;
  plan_id: number;
  topic_id: number;
  duration_minutes: Generated<number>;
  pass_marks: Generated<number>;
  is_webinar: Generated<boolean>;
  position: number | null;
  created_at: Timestamp;
  /** a webinar's test: when it was opened for everyone */
  opened_at: Timestamp | null;
  /** counts changes to the test's questions (trigger questions_bump_version): caches of them check it */
  questions_version: Generated<number>;
}

export interface QuestionsTable {
  id: Generated<number>;
  test_id: number;
  text: string;
  position: Generated<number>;
  variant_a: string;
  variant_b: string;
  variant_c: DefaultedText;
  variant_d: DefaultedText;
  variant_e: DefaultedText;
  variant_f: DefaultedText;
  correct_answer: string;
  image_key: string | null;
  image_name: string | null;
  archived_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AttemptsTable {
  id: Generated<number>;
  user_id: number;
  test_id: number;
  started_at: Timestamp;
  deadline_at: RequiredTimestamp;
  finished_at: Timestamp | null;
  question_count: number;
  correct_count: Generated<number>;
  pass_marks: number;
  passed: boolean | null;
  retake_id: number | null;
  /** the question ids in this attempt's own order (null for attempts from before orders were kept) */
  question_order: number[] | null;
}

export interface RetakesTable {
  id: Generated<number>;
  user_id: number;
  test_id: number;
  available_from: RequiredTimestamp;
  created_by: number;
  created_at: Timestamp;
}

export interface AttemptAnswersTable {
  attempt_id: number;
  question_id: number;
  answer: string;
  is_correct: boolean;
  answered_at: Timestamp;
}

export interface WebinarsTable {
  id: Generated<number>;
  name: string;
  description: DefaultedText;
  plan_id: number;
  topic_id: number;
  teacher_id: number;
  begin_time: RequiredTimestamp;
  duration_minutes: number;
  preview_key: string | null;
  preview_name: string | null;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  archived_at: Timestamp | null;
  created_at: Timestamp;
}

export interface WebinarDocumentsTable {
  id: Generated<number>;
  webinar_id: number;
  name: string;
  storage_key: string;
  size: number;
  content_type: string;
  uploaded_by: number | null;
  created_at: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  webinar_id: number;
  user_id: number;
  message: string;
  created_at: Timestamp;
}

export interface WebinarAttendanceTable {
  webinar_id: number;
  user_id: number;
  joined_at: Timestamp;
  last_joined_at: Timestamp;
  face_verified: Generated<boolean>;
  face_similarity: number | null;
}

export interface FaceEnrolmentsTable {
  photo_id: number;
  user_id: number;
  model: string;
  embedding: number[];
  box: number[];
  created_at: Timestamp;
}

/** A photo a face model could not enrol, and why (202612010001_face_refusals). */
export interface FaceEnrolmentRefusalsTable {
  photo_id: number;
  model: string;
  reason: FaceEnrolmentRefusal;
  created_at: Timestamp;
}

export interface StreamUrlKeyTable {
  secret: string;
}

export interface WebinarStreamsTable {
  webinar_id: number;
  folder: string;
  takes: Generated<number>;
  created_at: Timestamp;
  finalised_at: Timestamp | null;
  playlist: string | null;
  duration_ms: number | null;
}

export interface StreamSegmentsTable {
  webinar_id: number;
  seq: number;
  take: number;
  disc_seq: number;
  duration_ms: number;
  bytes: number;
  captured_at: RequiredTimestamp;
  created_at: Timestamp;
}

export interface WebinarWatchTimeTable {
  webinar_id: number;
  user_id: number;
  live_seconds: Generated<number>;
  recording_seconds: Generated<number>;
  updated_at: Timestamp;
}

export type FaceEnrolmentRefusal = 'no_face' | 'several_faces' | 'small_face' | 'unreadable';

export type FaceCheckReason = 'no_face' | 'several_faces' | 'small_face' | 'not_live' | 'no_match' | 'not_enrolled';

export interface FaceVerificationsTable {
  id: Generated<number>;
  user_id: number;
  webinar_id: number | null;
  exam_id: number | null;
  matched: boolean;
  reason: FaceCheckReason | null;
  similarity: number | null;
  liveness: number | null;
  threshold: number;
  model: string;
  shot_key: string | null;
  created_at: Timestamp;
}

export interface WebinarPresenceTable {
  id: Generated<number>;
  webinar_id: number;
  user_id: number;
  opened_at: Timestamp;
  seen_at: Timestamp;
  closed_at: Timestamp | null;
  /** The session that opened the stream (SHA-256 of its token) while it is open; none once closed. */
  token_hash: string | null;
}

export interface ProblemsTable {
  id: Generated<number>;
  webinar_id: number;
  user_id: number;
  question_text: string;
  created_at: Timestamp;
  learner_read_at: Timestamp | null;
  teacher_read_at: Timestamp | null;
}

export interface ProblemAnswersTable {
  id: Generated<number>;
  problem_id: number;
  user_id: number;
  answer_text: string;
  created_at: Timestamp;
}

export interface ProblemAnswerDocumentsTable {
  id: Generated<number>;
  answer_id: number;
  name: string;
  storage_key: string;
  size: number;
  content_type: string;
  created_at: Timestamp;
}

export interface ExamsTable {
  id: Generated<number>;
  name: string;
  plan_id: number;
  type_id: number;
  pass_marks: Generated<number>;
  begin_time: RequiredTimestamp;
  duration_minutes: Generated<number>;
  /** an examiner completed it before BeginTime + Duration */
  ended_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface ExamExaminersTable {
  exam_id: number;
  examiner_id: number;
  position: number;
  /** the commission's chair (one per exam) */
  chair: Generated<boolean>;
}

/** A completed exam's frozen protocol (see migration 202611270001_exam_record). */
export interface ExamRecordsTable {
  exam_id: number;
  /** the moment its results are as of: the examiner's completion, else BeginTime + Duration */
  completed_at: RequiredTimestamp;
  pass_marks: number;
  test_count: number;
  frozen_at: Timestamp;
}

/** Who took part in a completed exam, as they were then, with their result as of its completion. */
export interface ExamParticipantsTable {
  exam_id: number;
  user_id: number;
  region_id: number | null;
  full_name: string;
  department: string;
  duty: string;
  iin: string;
  tabel: string | null;
  passed: number;
  total: number;
  /** written when the one signed document is fixed (the first signature) */
  verdict: 'accepted' | 'rejected' | null;
}

/** The one report card document every examiner signs: fixed by the first signature. */
export interface ExamDocumentsTable {
  exam_id: number;
  pdf_key: string;
  pdf_sha256: string;
  fixed_at: Timestamp;
}

export interface ExamRegionsTable {
  exam_id: number;
  region_id: number;
}

export interface ExamVotesTable {
  exam_id: number;
  examiner_id: number;
  user_id: number;
  accepted: boolean;
  voted_at: Timestamp;
}

export type KeyFamily = 'RSA' | 'GOST';
/** What told the server a signer's certificate was not revoked when it verified the signature. */
export type RevocationEvidence =
  | { method: 'crl'; issuer: string; number: string | null; thisUpdate: string; nextUpdate: string | null; sha256: string }
  | { method: 'ocsp'; url: string; producedAt: string; response: string /* the DER response, base64 */ }
  | { method: 'ncanode'; url: string; revocations: unknown[] /* NCANode's answer for the signer */ }
  | { method: 'unknown'; reason?: string };

export interface ExamSignaturesTable {
  id: Generated<number>;
  exam_id: number;
  examiner_id: number;
  signer_name: string;
  signer_iin: string;
  certificate_serial: string;
  valid_from: RequiredTimestamp;
  valid_to: RequiredTimestamp;
  /** storage keys of the .p7s (DER) and of the exact PDF it covers */
  signature_key: string;
  pdf_key: string;
  pdf_sha256: string;
  signed_at: Timestamp;
  key_family: ColumnType<KeyFamily, KeyFamily | undefined, never>;
  /** the issuing authority's common name */
  issuer: Generated<string>;
  /** DER certificates in base64, the signer's first, up to the trust anchor */
  chain: ColumnType<string[], string | undefined, never>;
  revocation: ColumnType<RevocationEvidence, string | undefined, never>;
  verified_at: Timestamp;
}

export interface ScormPackagesTable {
  id: Generated<number>;
  name: string;
  topic_id: number;
  /** the zip as uploaded, null until one is */
  zip_key: string | null;
  zip_name: string | null;
  zip_size: ColumnType<string | null, number | null | undefined, number | null>;
  /** its unpacked files are stored under `content_prefix/` */
  content_prefix: string | null;
  version: '1.2' | '2004' | null;
  /** the launch file with its parameters, relative to the package root */
  launch: string | null;
  title: DefaultedText;
  entries: number | null;
  unpacked_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: Timestamp | null;
}

export interface ScormTracksTable {
  user_id: number;
  package_id: number;
  /** the CMI data as last committed; `{}` until the first commit */
  cmi: ColumnType<unknown, string | undefined, string>;
  completion_status: ColumnType<'not attempted' | 'incomplete' | 'completed' | 'unknown', string | undefined, string>;
  success_status: ColumnType<'passed' | 'failed' | 'unknown', string | undefined, string>;
  score: ColumnType<string | null, number | null | undefined, number | null>;
  total_seconds: ColumnType<string, number | undefined, number>;
  last_launched_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface ScormLaunchesTable {
  token_hash: string;
  user_id: number;
  package_id: number;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  terminated_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_photos: UserPhotosTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  login_device_key: LoginDeviceKeyTable;
  audit_log: AuditLogTable;
  dictionary_items: DictionaryItemsTable;
  uploads: UploadsTable;
  certificates: CertificatesTable;
  media_files: MediaFilesTable;
  plans: PlansTable;
  topics: TopicsTable;
  tests: TestsTable;
  questions: QuestionsTable;
  attempts: AttemptsTable;
  attempt_answers: AttemptAnswersTable;
  retakes: RetakesTable;
  webinars: WebinarsTable;
  webinar_documents: WebinarDocumentsTable;
  chat_messages: ChatMessagesTable;
  webinar_attendance: WebinarAttendanceTable;
  face_enrolments: FaceEnrolmentsTable;
  face_enrolment_refusals: FaceEnrolmentRefusalsTable;
  webinar_streams: WebinarStreamsTable;
  stream_segments: StreamSegmentsTable;
  webinar_watch_time: WebinarWatchTimeTable;
  stream_url_key: StreamUrlKeyTable;
  face_verifications: FaceVerificationsTable;
  webinar_presence: WebinarPresenceTable;
  problems: ProblemsTable;
  problem_answers: ProblemAnswersTable;
  problem_answer_documents: ProblemAnswerDocumentsTable;
  exams: ExamsTable;
  exam_examiners: ExamExaminersTable;
  exam_regions: ExamRegionsTable;
  exam_votes: ExamVotesTable;
  exam_signatures: ExamSignaturesTable;
  exam_records: ExamRecordsTable;
  exam_participants: ExamParticipantsTable;
  exam_documents: ExamDocumentsTable;
  issued_certificates: IssuedCertificatesTable;
  certificate_numbers: CertificateNumbersTable;
  report_files: ReportFilesTable;
  plan_memberships: PlanMembershipsTable;
  scorm_packages: ScormPackagesTable;
  scorm_tracks: ScormTracksTable;
  scorm_launches: ScormLaunchesTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserPhotoRow = Selectable<UserPhotosTable>;

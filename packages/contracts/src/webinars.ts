import { z } from 'zod';
import { aliased, envelope, optionalPageQuery, pageableEnvelope, pageQuery } from './common.js';
import { cleanText, id, isoMoment, searchText, wholeNumber } from './input.js';

/**
 * Webinars: scheduling, the rooms, chat, documents, question threads, webinar tests, attendance and
 * the live event stream (learner-and-instructor.md §2–§5, §7; admin-back-office.md §2–§4, §7 Webinars).
 */

/** The spec's status texts; computed by the server from the schedule, the teacher's end and the clock. */
export const WEBINAR_STATUS = { Waiting: 'Ожидается', Live: 'В процессе', Finished: 'Завершен' } as const;
export const webinarStatus = z.enum([WEBINAR_STATUS.Waiting, WEBINAR_STATUS.Live, WEBINAR_STATUS.Finished]);
export type WebinarStatus = z.infer<typeof webinarStatus>;

/** A webinar reads 'В процессе' from this many minutes before its start (the teacher's countdown target). */
export const WEBINAR_OPENS_BEFORE_MINUTES = 30;
export const WEBINAR_DEFAULT_DURATION = 60;
export const WEBINAR_MAX_DURATION = 1440;
/** Chat messages per page of GET /api/chat/get; page 1 is the newest. */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_MESSAGE_MAX = 2000;
export const PROBLEM_TEXT_MAX = 4000;
/** Preview videos: by content, at most DOCUMENT_MAX_BYTES. */
export const PREVIEW_MIME_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** Documents shared in a room or attached to an answer: by content, at most DOCUMENT_MAX_BYTES. */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'image/jpeg',
  'image/png',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'application/zip',
] as const;

export const webinarDocument = z.object({
  ID: z.number().int(),
  Name: z.string(),
  CreatedAt: z.string(),
  Size: z.number().int().describe('bytes'),
  Path: z.string().describe('GET it to download'),
});
export type WebinarDocument = z.infer<typeof webinarDocument>;

/** A person as the online popup lists them (admin-back-office.md §4 attendee online status). */
export const webinarAttendee = z.object({
  ID: z.number().int(),
  IDNumber: z.string().describe('personnel number'),
  Fullname: z.string(),
  Connected: z.boolean().describe('joined at least once'),
  Online: z.boolean().describe('holds the room open now'),
  Minutes: z.number().int().describe('minutes attended, from the stored presence'),
  FaceVerified: z.boolean().describe('the join passed the face check'),
  WatchedMinutes: z.number().int().describe('minutes of the live stream the player played (heartbeats)'),
  RecordingMinutes: z.number().int().describe('minutes of the recording the player played (heartbeats)'),
});
export type WebinarAttendee = z.infer<typeof webinarAttendee>;

/** One webinar; lists and details share it, details add `UsersOnline` (staff) and `StreamUrl`. */
export const webinar = z.object({
  ID: z.number().int(),
  Webinarname: z.string(),
  Description: z.string(),
  Startdate: z.string().describe('ISO 8601 with offset'),
  BeginTime: z.string().describe('the same as Startdate (the admin screens read this spelling)'),
  Duration: z.number().int().describe('minutes'),
  Status: webinarStatus,
  MessageStatus: z.boolean().describe('the caller has unread messages in the question threads of this webinar'),
  PlanID: z.number().int(),
  Planname: z.string(),
  TopicID: z.number().int(),
  Topicname: z.string(),
  TeacherID: z.number().int(),
  Teacher: z.object({ ID: z.number().int(), Fullname: z.string() }),
  Preview: z.object({ ID: z.number().int(), Name: z.string(), Path: z.string() }).nullable().describe('ID is the webinar’s'),
  MainTest: z.number().int().nullable().describe('the webinar test with the lowest position: where trainees go when it ends'),
  ActiveTest: z.number().int().nullable().describe('a webinar test opened by the teacher whose time still runs'),
  Testcount: z.number().int(),
  Docs: z.array(webinarDocument),
  Online: z.number().int().describe('people holding the room open now, the teacher included'),
  TotalStudents: z.number().int().describe('trainees of the plan'),
  StartedAt: z.string().nullable().describe('when the teacher started it'),
  EndedAt: z.string().nullable().describe('when the teacher ended it'),
  HasRecording: z.boolean().describe('its broadcast is kept as a recording (GET /api/web/streamwatch/{id} plays it)'),
});
export type Webinar = z.infer<typeof webinar>;

export const webinarDetails = webinar.extend({
  UsersOnline: z.array(webinarAttendee).describe('staff only; empty for trainees'),
  StreamUrl: z.string().nullable().describe('the stream page for the caller, from STREAM_PAGE_URL; null when none is configured'),
  Now: z.string().describe('the server’s clock, for countdowns'),
});
export type WebinarDetails = z.infer<typeof webinarDetails>;

export const webinarBeginTime = isoMoment('webinar_begin_format').describe(
  'ISO 8601 with any offset, year 1–9999 (the original client appends +06:00)',
);

/** POST /api/web/new and PUT /api/web/updateweb/{id}. */
export const webinarRequest = aliased(
  {
    Name: cleanText({ error: 'required' }).trim().min(1, 'required').max(300),
    Description: cleanText().trim().max(5000).default(''),
    BeginTime: webinarBeginTime,
    Duration: wholeNumber(1, WEBINAR_MAX_DURATION).default(WEBINAR_DEFAULT_DURATION),
    PlanID: id,
    TopicID: id,
    TeacherID: id,
  },
  { Webinarname: 'Name', Startdate: 'BeginTime', planID: 'PlanID', topicID: 'TopicID', teacherID: 'TeacherID' },
);
export type WebinarRequest = z.infer<typeof webinarRequest>;

/** GET /api/web/getwebinars: a page, searched by name, filtered by plan, teacher or status. */
export const webinarsQuery = pageQuery.extend({
  search: searchText,
  plan: id.optional(),
  teacher: id.optional(),
});
export const webinarsPage = envelope({ data: z.array(webinar), pages: z.number().int(), total: z.number().int() });
export const webinarListResponse = pageableEnvelope(webinar);
export const webinarResponse = envelope({ data: webinarDetails });
export const createWebinarResponse = envelope({ web: z.object({ ID: z.number().int() }) });

/** POST /api/web/setattend and POST /api/web/startweb. */
export const webinarIdRequest = aliased({ WebID: id }, { webID: 'WebID', WebinarID: 'WebID' });

// ——— chat ———

export const chatMessage = z.object({
  ID: z.number().int(),
  Message: z.string(),
  CreatedAt: z.string(),
  WebID: z.number().int(),
  UserID: z.number().int(),
  UserName: z.string().describe('the author’s full name'),
  RoleID: z.number().int().describe('the author’s role: 3 trainee, others staff'),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatQuery = z.object({
  web: id,
  id: wholeNumber(1).default(1).describe('page; 1 is the newest'),
});
/** A page of the chat, oldest first within the page. */
export const chatPage = envelope({ data: z.array(chatMessage), pages: z.number().int(), total: z.number().int() });
export type ChatPage = z.infer<typeof chatPage>;

export const chatMessageRequest = aliased(
  {
    Message: cleanText({ error: 'required' }).trim().min(1, 'required').max(CHAT_MESSAGE_MAX),
    WebID: id,
  },
  { message: 'Message', webID: 'WebID' },
);
export const chatMessageResponse = envelope({ data: chatMessage });

// ——— question threads (problems) ———

export const answerDocument = z.object({
  ID: z.number().int(),
  Name: z.string(),
  type: z.string().describe('content type'),
  Size: z.number().int(),
  Path: z.string(),
});

export const problemAnswer = z.object({
  ID: z.number().int(),
  AnswerText: z.string(),
  CreatedAt: z.string(),
  User: z.object({ ID: z.number().int(), Fullname: z.string(), RoleID: z.number().int() }),
  Documents: z.array(answerDocument),
});
export type ProblemAnswer = z.infer<typeof problemAnswer>;

export const problem = z.object({
  ID: z.number().int(),
  WebID: z.number().int(),
  UserID: z.number().int(),
  QuestionText: z.string(),
  CreatedAt: z.string(),
  Read: z.boolean().describe('the caller has read every message of the thread'),
  User: z.object({ ID: z.number().int(), Fullname: z.string(), Duty: z.string(), RoleID: z.number().int() }),
  Webinar: z.object({
    ID: z.number().int(),
    Webinarname: z.string(),
    Startdate: z.string(),
    Description: z.string(),
    Teacher: z.string().describe('full name'),
  }),
  Answer: z.array(problemAnswer).describe('the conversation after the question, oldest first'),
});
export type Problem = z.infer<typeof problem>;

export const problemsQuery = optionalPageQuery.extend({ web: id.optional() });
export const problemsResponse = pageableEnvelope(problem);

export const newProblemRequest = aliased(
  {
    QuestionText: cleanText({ error: 'required' }).trim().min(1, 'required').max(PROBLEM_TEXT_MAX),
    WebID: id,
  },
  { Question: 'QuestionText', webID: 'WebID' },
);
/** The thread's ID (`AnswerID` is the spelling the original client reads). */
export const newProblemResponse = envelope({ AnswerID: z.number().int(), data: z.object({ ID: z.number().int() }) });

export const problemAnswerRequest = aliased(
  {
    AnswerText: cleanText({ error: 'required' }).trim().min(1, 'required').max(PROBLEM_TEXT_MAX),
    ProblemID: id,
  },
  { answerText: 'AnswerText', problemID: 'ProblemID' },
);
export const problemAnswerResponse = envelope({ data: z.object({ ID: z.number().int() }) });

// ——— webinar tests ———

export const webinarTest = z.object({
  ID: z.number().int(),
  Test: z.string(),
  Topic: z.string(),
  Duration: z.number().int(),
  Questions: z.number().int(),
  Position: z.number().int(),
  Status: z
    .string()
    .describe(
      "trainee: 'Ожидается' not opened, 'В процессе' open to take, 'Пройден' / 'Не пройден' their result; " +
        "staff: 'Ожидается' not opened (a start button), 'В процессе' running, 'Пройден' its time is over",
    ),
  Result: z.number().int().nullable().describe('trainee: correct answers; staff: finished attempts'),
  OpenedAt: z.string().nullable(),
  Deadline: z.string().nullable(),
});
export type WebinarTest = z.infer<typeof webinarTest>;
export const webinarTestsResponse = envelope({ data: z.array(webinarTest), exam: webinarTest.nullable().describe('the main test') });

// ——— uploads with WebID / AnswerID (POST /uploadF) ———

export const webinarDocsResponse = envelope({ docs: z.array(webinarDocument) });
export const webinarPreviewResponse = envelope({ Preview: z.object({ ID: z.number().int(), Name: z.string(), Path: z.string() }) });
export const answerDocsResponse = envelope({ docs: z.array(answerDocument) });

// ——— the live event stream: GET /api/web/events/{id} (text/event-stream) ———

/**
 * Events pushed to an open room. Each SSE frame is `event: <type>` and `data: <JSON>`; a comment line
 * is sent every HEARTBEAT seconds so proxies keep the stream and the server records presence. The
 * stream opens with the comment `: ready`: load the room's data after it, so nothing falls between.
 *
 * `refetch` says that something changed that the stream could not carry: an event too big for a
 * PostgreSQL notification (~8 KB, e.g. a long document list) is sent as `refetch` of its type, and
 * when the server may have missed events from other server processes it sends `refetch` of `all`.
 */
export const WEBINAR_EVENT_HEARTBEAT_SECONDS = 20;
/** A stream not seen for this long counts as gone (its process died): online no more, its presence ends at its last sighting. */
export const WEBINAR_PRESENCE_STALE_SECONDS = 60;
export const webinarEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), data: chatMessage }),
  z.object({ type: z.literal('status'), data: z.object({ Status: webinarStatus, EndedAt: z.string().nullable() }) }),
  z.object({ type: z.literal('test'), data: z.object({ TestID: z.number().int(), Deadline: z.string() }) }),
  z.object({ type: z.literal('docs'), data: z.object({ Docs: z.array(webinarDocument) }) }),
  z.object({ type: z.literal('online'), data: z.object({ Online: z.number().int(), TotalStudents: z.number().int() }) }),
  z.object({
    type: z.literal('refetch'),
    data: z.object({
      What: z
        .enum(['chat', 'status', 'test', 'docs', 'online', 'all'])
        .describe('chat: reload chat page 1; status, test, docs, online: reload the webinar (GET /api/web/getweb/{id}); all: reload both'),
    }),
  }),
]);
export type WebinarEvent = z.infer<typeof webinarEvent>;
export type WebinarEventType = WebinarEvent['type'];

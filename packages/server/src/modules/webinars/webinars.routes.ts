import { errorResponses, PAGE_SIZE, PREVIEW_MIME_TYPES, UNPAGED_MAX_ROWS, webinarEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { DOCUMENT_UPLOAD, type UploadRules } from '../files/files.service.js';
import type { UploadTargets } from '../files/upload-targets.js';
import { webinarsAccess } from './webinars.policy.js';
import type { WebinarsService } from './webinars.service.js';

const tags = ['webinars'];
const refusals = errorResponses(400, 401, 403, 404, 422);

const STATUS_RULES =
  "Status: 'Завершен' once its teacher ended it or WEBINAR_GRACE_MINUTES (default 60) after its scheduled end; " +
  "'В процессе' from 30 minutes before its start; 'Ожидается' before that (the server's clock).";
const PAGING_RULES = `With \`page\`: ${PAGE_SIZE} a page, with \`pages\` and \`total\`; without it the first ${UNPAGED_MAX_ROWS}.`;
const SCHEDULE_RULES =
  'The plan must exist, the topic must be one of the plan’s and the teacher a live, unblocked teacher (role 4): 422 otherwise. ' +
  'A teacher schedules only webinars they run themselves (403). `BeginTime` (or `Startdate`) is ISO 8601 with any offset.';

/** admin-back-office.md §7 Webinars and learner-and-instructor.md §7 web/*, test/webinar. */
/** A webinar's preview video: a document's size, a video's types. */
const PREVIEW_UPLOAD: UploadRules = { ...DOCUMENT_UPLOAD, mimeTypes: PREVIEW_MIME_TYPES, wrongType: 'preview_file_type' };

export const webinarsRoutes: FastifyPluginAsyncZod<{ webinars: WebinarsService; uploads: UploadTargets }> = async (
  app,
  { webinars, uploads },
) => {
  // ——— uploads through the files module's document path (the preview first: both are named by WebID) ———

  uploads.register({
    name: '`WebID` and `Types: preview` — the webinar’s preview video (MP4, WebM or MOV, at most 10,000,000 bytes; whoever may edit the webinar), answers `Preview`',
    endpoint: webinarEndpoints.uploadPreview,
    names: (fields) => fields.WebID !== undefined && fields.Types === 'preview',
    badForm: 'upload_target_invalid',
    rules: PREVIEW_UPLOAD,
    roles: webinarsAccess.manage.access.roles,
    store: async (request, file, { WebID }) => ({
      status: true,
      message: translate('file_uploaded', request.language),
      Preview: await webinars.setPreview(request.user, WebID, file),
    }),
  });
  uploads.register({
    name: '`WebID` — a document of the webinar’s room (PDF, DOCX, XLSX, PPTX, JPEG, PNG, MP4, WebM, MP3, ZIP, at most 10,000,000 bytes; its teacher or an administrator), answers `docs`',
    endpoint: webinarEndpoints.uploadDocument,
    names: (fields) => fields.WebID !== undefined,
    badForm: 'upload_target_invalid',
    rules: DOCUMENT_UPLOAD,
    roles: webinarsAccess.roomRunners.access.roles,
    store: async (request, file, { WebID }) => ({
      status: true,
      message: translate('file_uploaded', request.language),
      docs: await webinars.addDocument(request.user, WebID, file),
    }),
  });

  // ——— scheduling (section webinars: admin, teacher, examiner) ———

  route(
    app,
    webinarEndpoints.list,
    {
      config: webinarsAccess.manage,
      schema: {
        tags,
        summary: 'Webinars, a page at a time, newest start first',
        description: `Archived webinars are left out. \`search\` matches the name, plan, topic or teacher; \`plan\` and \`teacher\` filter by id. ${STATUS_RULES}`,
        response: refusals,
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      return { status: true, message: '', ...(await webinars.list(request.user, { page, ...filter })) };
    },
  );

  route(
    app,
    webinarEndpoints.create,
    {
      config: webinarsAccess.manage,
      schema: {
        tags,
        summary: 'Schedule a webinar',
        description: SCHEDULE_RULES,
        response: refusals,
      },
    },
    async (request) => {
      const id = await webinars.create(request.user, request.body);
      return { status: true, message: translate('webinar_created', request.language), web: { ID: id } };
    },
  );

  route(
    app,
    webinarEndpoints.update,
    {
      config: webinarsAccess.manage,
      schema: {
        tags,
        summary: 'Change a webinar’s schedule, plan, topic, teacher or texts',
        description: `${SCHEDULE_RULES} A teacher edits only their own webinars (403). Open rooms hear a status it changes.`,
        response: refusals,
      },
    },
    async (request) => {
      await webinars.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('webinar_updated', request.language) };
    },
  );

  route(
    app,
    webinarEndpoints.remove,
    {
      config: webinarsAccess.manage,
      schema: {
        tags,
        summary: 'Delete a webinar, or archive one people took part in',
        description:
          'A webinar with chat, attendance, presence or question threads is archived (`archived: true`, hidden everywhere, its records kept); ' +
          'otherwise it is deleted with its documents, preview and their files. A teacher deletes only their own webinars (403).',
        response: refusals,
      },
    },
    async (request) => {
      const { archived } = await webinars.remove(request.user, request.params.id);
      return { status: true, message: translate(archived ? 'webinar_archived' : 'webinar_deleted', request.language), archived };
    },
  );

  // ——— the lists of the rooms ———

  route(
    app,
    webinarEndpoints.teacherList,
    {
      config: webinarsAccess.runners,
      schema: {
        tags,
        summary: 'The webinars the caller runs, newest start first',
        description: `Only the caller’s own (an administrator gets those they teach, usually none). \`MessageStatus\`: a question thread has news for them. ${STATUS_RULES} ${PAGING_RULES}`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await webinars.ofTeacher(request.user, request.query.page)) }),
  );

  route(
    app,
    webinarEndpoints.traineeList,
    {
      config: webinarsAccess.learner,
      schema: {
        tags,
        summary: 'The webinars of the trainee’s plan, newest start first',
        description: `\`MessageStatus\`: the teacher answered in the caller’s question thread since they last read it. ${STATUS_RULES} ${PAGING_RULES}`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await webinars.ofTrainee(request.user, request.query.page)) }),
  );

  route(
    app,
    webinarEndpoints.get,
    {
      config: webinarsAccess.roomReaders,
      schema: {
        tags,
        summary: 'One webinar: its room’s documents, tests, online count and stream page',
        description: [
          'An administrator any webinar, a teacher their own, a trainee one of their plan, an examiner any (read only); 404 otherwise and for archived ones.',
          '`UsersOnline` (staff only): every trainee of the plan with Connected (joined once), Online (holds the room open) and Minutes attended.',
          '`StreamUrl`: STREAM_PAGE_URL with the id, the caller’s encoded full name and teacher=1 for the webinar’s teacher; null when none is configured.',
          STATUS_RULES,
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', data: await webinars.details(request.user, request.params.id) }),
  );

  // ——— running a room ———

  route(
    app,
    webinarEndpoints.start,
    {
      config: webinarsAccess.roomRunners,
      schema: {
        tags,
        summary: 'Start a webinar (its teacher or an administrator)',
        description:
          "Only while it is 'В процессе' (422 otherwise); the start is recorded once, and open rooms get a `status` event. " +
          'Another teacher’s webinar: 403.',
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('webinar_started', request.language),
      data: await webinars.start(request.user, request.body.WebID),
    }),
  );

  route(
    app,
    webinarEndpoints.end,
    {
      config: webinarsAccess.roomRunners,
      schema: {
        tags,
        summary: 'End a webinar (its teacher or an administrator)',
        description:
          "It then reads 'Завершен' for good; open rooms get a `status` event with `EndedAt`. Ending it again changes nothing. " +
          'The attendees are sent to the main test (the first webinar test of the topic): if it was never opened and has questions, ' +
          'it opens for everyone at that moment (rooms get its `test` event before the `status` one). ' +
          "Not before it is 'В процессе' (422). Another teacher’s webinar: 403.",
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('webinar_ended', request.language),
      data: await webinars.end(request.user, request.params.id),
    }),
  );

  route(
    app,
    webinarEndpoints.attend,
    {
      config: webinarsAccess.learner,
      schema: {
        tags,
        summary: 'Join a webinar (a trainee of its plan)',
        description:
          "Only while it is 'В процессе' (422 otherwise). Records the first join and the latest; the attendance record is kept for good. " +
          'A webinar of another plan: 404.',
        response: refusals,
      },
    },
    async (request) => {
      await webinars.join(request.user, request.body.WebID);
      return { status: true, message: translate('webinar_joined', request.language) };
    },
  );

  route(
    app,
    webinarEndpoints.removeDocument,
    {
      config: webinarsAccess.roomRunners,
      schema: {
        tags,
        summary: 'Delete a document of a room (its teacher or an administrator)',
        description: 'The file is removed; open rooms get a `docs` event; answers the room’s documents.',
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('document_deleted', request.language),
      docs: await webinars.deleteDocument(request.user, request.params.id),
    }),
  );

  // ——— webinar tests ———

  route(
    app,
    webinarEndpoints.tests,
    {
      config: webinarsAccess.roomReaders,
      schema: {
        tags: [...tags, 'testing'],
        summary: 'The tests of a webinar, in order, and its main test',
        description: [
          'The webinar tests of its topic by position; `exam` is the first (where trainees go when it ends).',
          "A trainee: 'В процессе' for their running attempt or a test open now, 'Пройден'/'Не пройден' and Result (correct answers)",
          "for their latest finished attempt, else 'Ожидается'. Staff: 'Ожидается' never opened, 'В процессе' open now,",
          "'Пройден' its time over, with Result = finished attempts. Access as GET /api/web/getweb/{id}.",
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await webinars.tests(request.user, request.params.id)) }),
  );
};

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

/** A webinar's preview video: a document's size, a video's types. */
const PREVIEW_UPLOAD: UploadRules = { ...DOCUMENT_UPLOAD, mimeTypes: PREVIEW_MIME_TYPES, wrongType: 'preview_file_type' };

/** admin-back-office.md §7 Webinars and learner-and-instructor.md §7 web/*: scheduling, the lists, one webinar, its preview (rooms/, documents/ and tests/ route the rest). */
export const webinarsRoutes: FastifyPluginAsyncZod<{ webinars: WebinarsService; uploads: UploadTargets }> = async (
  app,
  { webinars, uploads },
) => {
  // ——— the preview, uploaded through the files module's document path ———

  uploads.register({
    name: '`WebID` and `Types: preview` — the webinar’s preview video (MP4, WebM or MOV, at most 10,000,000 bytes; whoever may edit the webinar), answers `Preview`',
    endpoint: webinarEndpoints.uploadPreview,
    names: (fields) => fields.WebID !== undefined && fields.Types === 'preview',
    badForm: 'upload_target_invalid',
    rules: PREVIEW_UPLOAD,
    folder: 'webinars',
    roles: webinarsAccess.manage.access.roles,
    store: async (request, file, { WebID }) => ({
      status: true,
      message: translate('file_uploaded', request.language),
      Preview: await webinars.setPreview(request.user, WebID, file),
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
};

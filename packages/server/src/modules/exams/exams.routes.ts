import { errorResponses, examEndpoints, PAGE_SIZE, Role, UNPAGED_MAX_ROWS, WEBINAR_EVENT_HEARTBEAT_SECONDS } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { startEventStream } from '../../plugins/sse.js';
import { hashToken } from '../auth/auth.service.js';
import type { UsersService } from '../users/users.service.js';
import { examsAccess } from './exams.policy.js';
import type { ExamRooms } from './exams.rooms.js';
import type { ExamsService } from './exams.service.js';

const tags = ['exams'];
const refusals = errorResponses(400, 401, 403, 404, 409, 422);

const STATUS_RULES =
  "Status: 'Ожидается' before BeginTime, 'В процессе' until an examiner completes it or BeginTime + Duration passes, then 'Завершен' (the server's clock).";
const PARTICIPANTS =
  'Participants: live trainees (role 3) of the exam’s plan who belong to one of its regions (`RegionID`), or every trainee of the plan when it has no regions.';
const RESULTS =
  '`Results` {Passed, Total}: tests of the plan with a passed attempt / the plan’s test count, read from stored attempts at the moment of the request.';
const VERDICT =
  '`Verdict`: accepted when a strict majority of the examiners who voted accepted and no examiner who signed the report card rejected; ' +
  'rejected when a majority of those who voted rejected, or an examiner who signed rejected; pending otherwise.';
const FORM_RULES =
  '`Examenators`: live examiner accounts (role 2), in the order the card lists them; `Regions`: live region accounts (role 5); `TypeID` from ' +
  'GET /api/getexamtype; `PlanID` an existing plan; `PassMarks` a count of the plan’s tests, at most their number (`TestCount`); 422 naming the field otherwise. ' +
  '`BeginTime` (or `Startdate`) is ISO 8601 with any offset, not in the past (a minute’s grace; 422 otherwise); `Duration` in minutes (default 120). ' +
  '`ChairID`: the commission’s chair, one of `Examenators` (default: the first; 422 otherwise).';
const CHANGE_RULES =
  'Only what differs from the stored exam is a change: fields sent unchanged are accepted. Administrators may change every field until the exam ' +
  'begins or an examiner votes, then only `Name`; a teacher or examiner only the `Name` of an exam they created. A change the caller’s role does ' +
  'not allow: 403; one the exam’s start or a vote froze: 422; any change once an examiner signed its report card: 409 — each naming the field. ' +
  'Every answer’s `EditableFields` and `LockReason` follow the same rule. Each saved change is audited; open rooms hear it.';

/** admin-back-office.md §7 exams, /table/get, /api/examenatorcheck; learner-and-instructor.md §7 /api/exam/getexam. */
export const examsRoutes: FastifyPluginAsyncZod<{ exams: ExamsService; rooms: ExamRooms; users: UsersService }> = async (
  app,
  { exams, rooms, users },
) => {
  // before the server waits for open requests to finish: an event stream never would by itself
  app.addHook('preClose', async () => rooms.shutdown());

  route(
    app,
    examEndpoints.list,
    {
      config: examsAccess.list,
      schema: {
        tags,
        summary: 'Exams: the catalogue, an examiner’s own, a trainee’s or a region’s; `?id=` one exam',
        description: [
          '`?id=`: one exam as `data` (an object). Administrators, teachers and examiners read any exam; a trainee only one they take part in,',
          'a region account only one that includes its region (404 otherwise).',
          'Without `id`, who gets what:',
          `administrators and teachers — the whole catalogue, paged (\`page\`, default 1, ${PAGE_SIZE} a page, with \`pages\` and \`total\`);`,
          'examiners — without `page` only the exams they examine (unpaged, the /admin/report-card list), with `page` the whole catalogue paged (the /admin/exam screen);',
          'trainees — the exams they take part in, with their own `Results`, `BelowPassMark` and `Verdict` (null until every examiner has signed);',
          `region accounts — the exams that include their region (\`Participants\` counts their region's trainees). Trainees and regions: paged with \`page\`, else the first ${UNPAGED_MAX_ROWS}.`,
          '`search` matches the exam’s or the plan’s name. Latest BeginTime first.',
          PARTICIPANTS,
          RESULTS,
          VERDICT,
          STATUS_RULES,
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => {
      const { id, ...query } = request.query;
      if (id !== undefined) return { status: true, message: '', data: await exams.details(request.user, id, request.language) };
      return { status: true, message: '', ...(await exams.list(request.user, query, request.language)) };
    },
  );

  route(
    app,
    examEndpoints.create,
    { config: examsAccess.manage, schema: { tags, summary: 'Create an exam', description: FORM_RULES, response: refusals } },
    async (request) => {
      const id = await exams.create(request.user, request.body);
      return { status: true, message: translate('exam_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    examEndpoints.update,
    {
      config: examsAccess.manage,
      schema: {
        tags,
        summary: 'Change an exam',
        description: `${FORM_RULES} ${CHANGE_RULES}`,
        response: refusals,
      },
    },
    async (request) => {
      await exams.update(request.user, request.params.id, request.body, request.language);
      return {
        status: true,
        message: translate('exam_updated', request.language),
        data: await exams.details(request.user, request.params.id, request.language),
      };
    },
  );

  route(
    app,
    examEndpoints.remove,
    {
      config: examsAccess.remove,
      schema: {
        tags,
        summary: 'Delete an exam',
        description:
          'Administrators only (403 otherwise). Refused (409) once any examiner voted or signed its report card: what examiners did is never lost.',
        response: refusals,
      },
    },
    async (request) => {
      await exams.remove(request.user, request.params.id);
      return { status: true, message: translate('exam_deleted', request.language), archived: false };
    },
  );

  route(
    app,
    examEndpoints.examiners,
    {
      config: examsAccess.manage,
      schema: {
        tags,
        summary: 'Examiner accounts (role 2) for the exam form’s picker',
        description: 'Live, unblocked ones, by name.',
        response: refusals,
      },
    },
    async () => ({ status: true, message: '', data: await users.options(Role.Examiner) }),
  );

  route(
    app,
    examEndpoints.complete,
    {
      config: examsAccess.examiners,
      schema: {
        tags,
        summary: 'Complete an exam now',
        description: 'An examiner of the exam only (403), while it is in progress (422). Sets EndedAt; the room hears `status`.',
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('exam_completed', request.language),
      data: await exams.complete(request.user, request.params.id),
    }),
  );

  route(
    app,
    examEndpoints.table,
    {
      config: examsAccess.room,
      schema: {
        tags,
        summary: 'The exam’s participants per region, with results and votes',
        description: [
          'An administrator and the exam’s examiners: every region of the exam (by name; one group {ID 0, "Без региона"} when it has none);',
          'a region account the exam includes: its own region only (404 for other exams); another examiner: 403.',
          '`ExamenatorVote`: the caller’s vote; `Votes`: every examiner’s, in the exam’s order; `Signed`: the caller signed the report card.',
          PARTICIPANTS,
          RESULTS,
          VERDICT,
          'Two SQL statements whatever the exam’s size.',
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await exams.table(request.user, request.query.id, request.language)) }),
  );

  route(
    app,
    examEndpoints.vote,
    {
      config: examsAccess.examiners,
      schema: {
        tags,
        summary: 'Store the caller’s votes (`Vote`: "true", "false", or "" to undo)',
        description: [
          'Only the caller’s own votes. The caller must examine every `ExamID` named (403); each exam must have begun — votes are taken',
          "while it is in progress and after it ended (422 while 'Ожидается'); every `UserID` must take part in that exam (422);",
          'refused (409) once the caller signed that exam’s report card. All or nothing; the room hears `votes`.',
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => ({
      status: true,
      message: translate('exam_votes_saved', request.language),
      data: { Saved: await exams.vote(request.user, request.body) },
    }),
  );

  route(
    app,
    examEndpoints.events,
    {
      config: examsAccess.room,
      schema: {
        tags,
        summary: 'The exam room’s live events (Server-Sent Events)',
        description: [
          '`text/event-stream`, signed in by the `Authorization: Bearer` header (read it with `fetch`).',
          'Opens with the comment `: ready` — load the exam’s data after it. Frames are `event: <type>` + `data: <JSON>`:',
          '`results` {UserID, Results} (a participant finished an attempt while the exam is in progress), `status` {Status, EndedAt},',
          '`votes` {ExamenatorID}, `signed` {ExamenatorID}, `refetch` {What} (reload; `all` after the exam was edited or events may have been missed).',
          `A comment \`: heartbeat\` every ${WEBINAR_EVENT_HEARTBEAT_SECONDS} s. Who may open it: the exam’s region accounts, its examiners and administrators (404 otherwise).`,
          'The stream ends when its session does; a session holds at most EVENT_STREAMS_PER_SESSION streams per server process (one more ends its oldest).',
        ].join(' '),
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      // refusals are still ordinary JSON answers: nothing is sent before access is settled
      await exams.roomAccess(request.user, request.params.id);
      const res = startEventStream(reply);
      const stream = rooms.open(
        request.params.id,
        { userId: request.user.id, roleId: request.user.roleId, tokenHash: hashToken(request.token ?? '') },
        {
          write: (frame) => res.write(frame),
          get queued() {
            return res.writableLength;
          },
          end: () => res.end(),
        },
      );
      res.once('close', () => rooms.close(stream));
      if (res.destroyed) rooms.close(stream);
      return reply;
    },
  );
};

import { errorResponses, PAGE_SIZE, problemEndpoints, UNPAGED_MAX_ROWS } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { perPersonPerMinute } from '../../plugins/rate-limit.js';
import { DOCUMENT_UPLOAD } from '../files/files.service.js';
import type { UploadTargets } from '../files/upload-targets.js';
import { problemsAccess } from './problems.policy.js';
import type { ProblemsService } from './problems.service.js';

const refusals = errorResponses(400, 401, 403, 404);
const writeRefusals = errorResponses(400, 401, 403, 404, 429);
const tags = ['problems'];

/** /problem/get, /problem/new, /problem/answer/new, PUT /problem/read/id:{id}. */
export const problemsRoutes: FastifyPluginAsyncZod<{
  problems: ProblemsService;
  messagesPerMinute: number;
  uploads: UploadTargets;
}> = async (app, { problems, messagesPerMinute, uploads }) => {
  uploads.register({
    name: '`AnswerID` — a file of an answer in a question thread (the types of a room’s documents; the answer’s author), answers `docs`',
    endpoint: problemEndpoints.uploadAnswerFile,
    names: (fields) => fields.AnswerID !== undefined,
    badForm: 'upload_target_invalid',
    rules: DOCUMENT_UPLOAD,
    folder: 'answers',
    // the parties of a question thread, who write its answers
    roles: problemsAccess.parties.access.roles,
    store: async (request, file, { AnswerID }) => ({
      status: true,
      message: translate('file_uploaded', request.language),
      docs: await problems.addAnswerDocument(request.user, AnswerID, file),
    }),
  });

  const limited = perPersonPerMinute(messagesPerMinute);

  route(
    app,
    problemEndpoints.list,
    {
      config: problemsAccess.readers,
      schema: {
        tags,
        summary: 'Question threads: a trainee’s own, a teacher’s webinars’, or all (administrators, read-only)',
        description:
          'Most recent activity first; each thread with its answers oldest first and their files. `Read` is the caller’s ' +
          '(an administrator sees the teacher’s). With `web`: that webinar’s threads, 404 when the caller may not enter its room; ' +
          'a trainee’s own thread there is marked read. Without `web` threads of archived webinars are listed too. ' +
          `With \`page\`: ${PAGE_SIZE} threads a page, with \`pages\` and \`total\`; without it the ${UNPAGED_MAX_ROWS} most recent.`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await problems.list(request.user, request.query)) }),
  );

  route(
    app,
    problemEndpoints.create,
    {
      config: { ...problemsAccess.askers, ...limited },
      schema: {
        tags,
        summary: 'Ask the teacher a question about a webinar',
        description:
          'A trainee of the webinar’s plan, whatever its status (404 otherwise). One thread per person and webinar: when one exists the ' +
          'text is added to it as the trainee’s message. Answers the thread’s ID (`AnswerID`, as the original client reads, and `data.ID`). ' +
          'At most THREAD_MESSAGES_PER_MINUTE a minute per person (429 beyond).',
        response: writeRefusals,
      },
    },
    async (request) => {
      const id = await problems.ask(request.user, request.body.WebID, request.body.QuestionText);
      return { status: true, message: translate('problem_asked', request.language), AnswerID: id, data: { ID: id } };
    },
  );

  route(
    app,
    problemEndpoints.answer,
    {
      config: { ...problemsAccess.parties, ...limited },
      schema: {
        tags,
        summary: 'Write in a question thread',
        description:
          'The thread’s trainee or its webinar’s teacher (404 for anyone else; administrators only read). Answers the message’s ID, ' +
          'to attach a file with POST /uploadF {file, AnswerID}. Writing marks the thread read for the writer. ' +
          'At most THREAD_MESSAGES_PER_MINUTE a minute per person (429 beyond).',
        response: writeRefusals,
      },
    },
    async (request) => {
      const id = await problems.answer(request.user, request.body.ProblemID, request.body.AnswerText);
      return { status: true, message: translate('problem_answered', request.language), data: { ID: id } };
    },
  );

  // the spec's path has a literal "id:" before the id; "::" escapes the colon for the router
  route(
    app,
    problemEndpoints.markRead,
    {
      config: problemsAccess.parties,
      schema: {
        tags,
        summary: 'Mark a question thread read for the caller',
        description: 'The thread’s trainee or its webinar’s teacher (404 for anyone else).',
        response: refusals,
      },
    },
    async (request) => {
      await problems.markRead(request.user, request.params.id);
      return { status: true, message: translate('problem_marked_read', request.language) };
    },
  );
};

import { attemptEndpoints, errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { attemptsAccess, takesTests } from './attempts.policy.js';
import type { AttemptsService } from './attempts.service.js';

const tags = ['testing'];

export const attemptsRoutes: FastifyPluginAsyncZod<{ attempts: AttemptsService }> = async (app, { attempts }) => {
  route(
    app,
    attemptEndpoints.userTests,
    {
      config: attemptsAccess.learner,
      schema: {
        tags,
        summary: 'The trainee’s tests with status, result and analytics',
        description: [
          'Tests of the caller’s plan (a webinar’s test once its teacher opened it), by topic type, topic position, then test.',
          '`Status`: an unused retake → "Пересдача" (`Available` from its `Date`); a running attempt → "В процессе" (`Deadline`,',
          '`Remaining` seconds on the server’s clock); else the latest finished attempt → "Пройден"/"Не пройден"; else "Ожидается".',
          '`Result`, `Percent`, `Passed` and `Analytics` speak of the latest finished attempt (null or empty before one).',
        ].join(' '),
        response: errorResponses(401, 403),
      },
    },
    async (request) => ({ status: true, message: '', data: await attempts.userTests(request.user.id) }),
  );

  route(
    app,
    attemptEndpoints.start,
    {
      config: attemptsAccess.traineesAndStaff,
      schema: {
        tags,
        summary: 'Start or resume a test (a trainee); open a webinar’s test for everyone (staff)',
        description: [
          'A trainee gets their running attempt, or a new one: a test never taken, or a retake whose date has come.',
          'A running or finished attempt is never restarted: a finished one is answered as it is (`Finished` true).',
          'Deadline = start + Duration; for a webinar’s test, its opening + Duration for everyone.',
          'Staff (admin, teacher, examiner) open a webinar’s test; a plan’s own test needs no opening (422).',
          '404: not a test of the trainee’s plan; 422: webinar test not opened or its time is over, retake not yet begun, no questions.',
        ].join(' '),
        response: errorResponses(400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const data = await attempts.start(request.user, request.body.TestID);
      const message = takesTests(request.user) ? '' : translate('test_opened', request.language);
      return { status: true, message, data };
    },
  );

  route(
    app,
    attemptEndpoints.questions,
    {
      config: attemptsAccess.traineesAndStaff,
      schema: {
        tags,
        summary: 'The questions of a test, in order; a trainee’s attempt starts or resumes',
        description: [
          'A trainee: the same start-or-resume as POST /api/test/starttest, then the live questions with the variants’ texts only',
          '(nothing that tells the correct answer); `attempt` says where they stand (resume at the first question not in `Answered`).',
          'Staff: the questions with `CorrectAnswer`, and `attempt` null.',
        ].join(' '),
        response: errorResponses(400, 401, 403, 404, 422),
      },
    },
    async (request) => ({ status: true, message: '', ...(await attempts.questions(request.user, request.params.id)) }),
  );

  route(
    app,
    attemptEndpoints.answer,
    {
      config: attemptsAccess.learner,
      schema: {
        tags,
        summary: 'Answer one question of the running attempt',
        description: [
          'The first answer is final: the same answer sent again is accepted (200) and changes nothing; a different one is 409.',
          '422: no running attempt of the caller for the test, the time is up (the attempt is then closed and scored),',
          'the question is not one of the test’s, or the letter names an empty variant.',
          'The last answer finishes and scores the attempt: `Finished` true and `Result`.',
        ].join(' '),
        response: errorResponses(400, 401, 403, 409, 422),
      },
    },
    async (request) => {
      const data = await attempts.answer(request.user.id, request.body);
      return { status: true, message: translate(data.Finished ? 'attempt_finished' : 'answer_saved', request.language), data };
    },
  );

  route(
    app,
    attemptEndpoints.result,
    {
      config: attemptsAccess.learner,
      schema: {
        tags,
        summary: 'The trainee’s result of a test: the latest finished attempt',
        description:
          '`result` is null until an attempt is finished. Percent = Correct ÷ Questions × 100 (two decimals; unanswered questions count as wrong); ' +
          'Passed when Percent > PassMarks (exactly PassMarks is not passed).',
        response: errorResponses(400, 401, 403),
      },
    },
    async (request) => ({ status: true, message: '', result: await attempts.result(request.user.id, request.query.test) }),
  );
};

import { errorResponses, statisticsEndpoints } from '@oqu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint.js';
import { statisticsAccess } from './statistics.policy.js';
import type { Requester, StatisticsService } from './statistics.service.js';

const tags = ['statistics'];
/** A signed-in caller (the routes that make reports are not public), with the session the file is bound to. */
const requesterOf = (request: FastifyRequest): Requester => ({ user: request.user, token: request.token ?? '' });
const refusals = errorResponses(400, 401, 403);
const WINDOW =
  '`from`/`to` (YYYY-MM-DD, days in the organisation’s time zone, both included) restrict what counts as passed: attempts finished, ' +
  'exams completed and certificates issued within them; the totals of course and tests stay the whole population.';
const FILE =
  'Answers `data`: the address of the xlsx (GET it without a bearer token), valid for REPORT_FILE_MINUTES (10 by default) and only while ' +
  'the session that asked for it lives: signing out, being blocked or archived ends it. One report per person is made at a time: an identical ' +
  'request (same kind, filters and language) meanwhile or within a minute after answers the same address; another is refused with 409. ' +
  'Each server process writes one report at a time, on a thread of its own: a request waits for its turn (a few more may wait), and ' +
  'beyond them is refused with 429 and Retry-After.';
const reportRefusals = errorResponses(400, 401, 403, 409, 429);

export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService }> = async (app, { statistics }) => {
  route(
    app,
    statisticsEndpoints.statistic,
    {
      config: statisticsAccess.statistics,
      schema: {
        tags,
        summary: 'Course attendance, test turnout and certification, overall and per department',
        description:
          'Every figure counts trainees = live trainees following a plan (`plan`: of that plan only). ' +
          'Course: Total the trainees, Passed those who passed every test of their plan. ' +
          'Test (turnout): Total the trainees, Passed those who finished at least one test of their plan, passed or not. ' +
          'Certificate: Total the trainees who took part in a completed exam of their plan, as its frozen record names them (people added to the plan later are not in it); ' +
          'Passed those of them holding a valid certificate from such an exam. ' +
          `Departments by name, the one without a name ('') last, including those where nobody passed. ${WINDOW}`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', data: await statistics.statistics(request.query) }),
  );

  route(
    app,
    statisticsEndpoints.adminReport,
    {
      config: statisticsAccess.statistics,
      schema: {
        tags,
        summary: 'Make the statistics report (xlsx): the figures per department and one row per trainee',
        description:
          'The first sheet names the plan, the period and when it was made (ORG_TIMEZONE), then the same figures as GET /api/attendance/statistic; ' +
          'the trainees sheet adds up to them (rows, «Да» in the course and turnout columns, verdicts and certificate numbers). ' +
          `${WINDOW} ${FILE}`,
        response: reportRefusals,
      },
    },
    async (request) => ({
      status: true,
      message: '',
      data: await statistics.adminReport(requesterOf(request), request.query, request.language),
    }),
  );

  route(
    app,
    statisticsEndpoints.teacherReport,
    {
      config: statisticsAccess.teacherReport,
      schema: {
        tags,
        summary: 'Make the webinars report (xlsx): teacher, date, duration, attendees and minutes attended',
        description:
          'Every webinar not archived (`from`/`to`: begun on those days), by start. Present: trainees the attendance records show joined; ' +
          'Total: trainees who followed the plan at some moment of the webinar (plus anyone present), so people added to the plan later do not change a past webinar; ' +
          `minutes: the trainees' time in the room within the webinar's time. ${FILE}`,
        response: reportRefusals,
      },
    },
    async (request) => ({
      status: true,
      message: '',
      data: await statistics.teacherReport(requesterOf(request), request.query, request.language),
    }),
  );

  route(
    app,
    statisticsEndpoints.reportFile,
    {
      config: statisticsAccess.file,
      schema: {
        tags,
        summary: 'A made report, by its address',
        description: '404 when the address is unknown, has expired, or the session that asked for it has ended.',
        response: errorResponses(404),
      },
    },
    async (request, reply) => {
      const file = await statistics.openFile(request.params.token);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
};

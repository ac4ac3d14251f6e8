import { errorResponses, statisticsEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint.js';
import { statisticsAccess } from './statistics.policy.js';
import type { StatisticsService } from './statistics.service.js';

const tags = ['statistics'];
const refusals = errorResponses(400, 401, 403);
const WINDOW =
  '`from`/`to` (YYYY-MM-DD, days in the organisation’s time zone, both included) restrict what counts as passed: attempts finished, ' +
  'exams completed and certificates issued within them; the totals of course and tests stay the whole population.';
const FILE = 'Answers `data`: the address of the xlsx (GET it without signing in), valid for REPORT_FILE_HOURS (a day by default).';

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
          'Trainees = live trainees following a plan (`plan`: of that plan only). Course: Total the trainees, Passed those who passed every test of their plan. ' +
          'Test: Total the (trainee, test of their plan) pairs, Passed the pairs with a finished attempt. ' +
          'Certificate: Total the trainees whose plan has a completed exam (ended, or past its scheduled end), Passed those of them holding a valid certificate of their plan. ' +
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
        description: `The same population, figures and filters as GET /api/attendance/statistic. ${WINDOW} ${FILE}`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', data: await statistics.adminReport(request.user, request.query, request.language) }),
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
          'Every webinar not archived (`from`/`to`: begun on those days), by start. Present: trainees who joined; Total: trainees of the plan; ' +
          `minutes: the trainees' time in the room within the webinar's time. ${FILE}`,
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', data: await statistics.teacherReport(request.user, request.query, request.language) }),
  );

  route(
    app,
    statisticsEndpoints.reportFile,
    {
      config: statisticsAccess.file,
      schema: {
        tags,
        summary: 'A made report, by its address',
        description: '404 when the address is unknown or has expired.',
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

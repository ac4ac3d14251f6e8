import { z } from 'zod';
import { reportFileParam, reportResponse, statisticsFilter, statisticsResponse, teacherReportFilter } from '../statistics.js';
import { endpoint } from './endpoint.js';

export const statisticsEndpoints = {
  statistic: endpoint({ method: 'GET', path: '/api/attendance/statistic', query: statisticsFilter, response: statisticsResponse }),
  adminReport: endpoint({ method: 'GET', path: '/api/report/admin', query: statisticsFilter, response: reportResponse }),
  teacherReport: endpoint({ method: 'GET', path: '/api/report/teacher', query: teacherReportFilter, response: reportResponse }),
  /** Public by its unguessable address, for a day: the xlsx a report call made. */
  reportFile: endpoint({
    method: 'GET',
    path: '/api/report/file/:token',
    params: reportFileParam,
    response: z.string().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
};

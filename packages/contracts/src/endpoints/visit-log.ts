import {
  planAttendancePage,
  planAttendanceQuery,
  testAttendanceQuery,
  testAttendanceResponse,
  topicAttendancePage,
  topicAttendanceQuery,
} from '../visit-log.js';
import { endpoint } from './endpoint.js';

export const visitLogEndpoints = {
  plans: endpoint({ method: 'GET', path: '/api/attendance/planattend', query: planAttendanceQuery, response: planAttendancePage }),
  topic: endpoint({ method: 'GET', path: '/api/attendance/topicattend', query: topicAttendanceQuery, response: topicAttendancePage }),
  trainee: endpoint({ method: 'GET', path: '/api/attendance/testattend', query: testAttendanceQuery, response: testAttendanceResponse }),
};

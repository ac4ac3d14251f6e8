import { z } from 'zod';
import { envelope, pagedEnvelope, pageQuery } from './common.js';
import { id, searchText } from './input.js';
import { passedOfTotal } from './statistics.js';
import { traineeIdentity } from './users.js';

/** The visit log (issue «Results»; admin-back-office.md §2 Statistics and visit log, §3, §4). */

/** A topic of a plan with its attendance (Total = trainees of the plan; Passed = passed its tests, or attended its webinar when it has none). */
export const visitLogTopic = z.object({
  ID: z.number().int(),
  Number: z.number().int().describe('position in the plan'),
  Name: z.string(),
  Type: z.string().describe('topic type name'),
  TypeID: z.number().int().nullable(),
  TotalHour: z.number(),
  Date: z.string().nullable().describe('the topic’s scheduled day, YYYY-MM-DD'),
  Time: z.string().nullable().describe('HH:mm'),
  Attendance: passedOfTotal,
});
export type VisitLogTopic = z.infer<typeof visitLogTopic>;

/** GET /api/attendance/planattend: plans with attendance (Passed = trainees who passed every test of the plan). */
export const visitLogPlan = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Attendance: passedOfTotal,
  Topics: z.array(visitLogTopic),
});
export type VisitLogPlan = z.infer<typeof visitLogPlan>;
export const planAttendanceQuery = pageQuery.extend({ search: searchText });
export const planAttendancePage = pagedEnvelope(visitLogPlan);

/** User test status as §4 colours it: 'Ожидается' gray, 'Не пройден' red, 'Пройден' green. */
export const TEST_ATTENDANCE_STATUSES = ['Ожидается', 'Не пройден', 'Пройден'] as const;
export const testAttendanceStatus = z.enum(TEST_ATTENDANCE_STATUSES);

/** A test's result for one trainee: the best finished attempt. */
export const traineeTestResult = z.object({
  ID: z.number().int().describe('test id'),
  Test: z.string(),
  Status: testAttendanceStatus,
  Result: z.string().describe('percent of the best finished attempt, rounded; "" while waiting'),
  Plus: z.number().int().describe('right answers'),
  Minus: z.number().int().describe('wrong or unanswered'),
});

/** GET /api/attendance/topicattend?id={topicId}: the trainees of the topic's plan. */
export const topicAttendanceQuery = pageQuery.extend({ id, search: searchText });
export const topicAttendee = traineeIdentity.extend({
  Date: z.string().nullable().describe('latest activity on the topic (attempt or webinar), ISO 8601'),
  Webinar: z.boolean().describe('attended a webinar of the topic'),
  Tests: z.array(traineeTestResult).describe('every test of the topic; the screen shows the first and “more”'),
});
export type TopicAttendee = z.infer<typeof topicAttendee>;
export const topicAttendancePage = pagedEnvelope(topicAttendee).extend({
  topic: visitLogTopic.extend({ PlanID: z.number().int(), Plan: z.string() }),
});
export type TopicAttendancePage = z.infer<typeof topicAttendancePage>;

/** GET /api/attendance/testattend?id={userId}[&topic=]: one trainee's tests (§3 User test attendance). */
export const testAttendanceQuery = z.object({ id, topic: id.optional() });
export const testAttendance = traineeTestResult.extend({
  Topic: z.string(),
  TopicID: z.number().int(),
  Duration: z.number().int().describe('minutes'),
  Questions: z.number().int(),
});
export type TestAttendance = z.infer<typeof testAttendance>;
export const testAttendanceResponse = envelope({
  user: z.object({ ID: z.number().int(), Fullname: z.string(), Department: z.string(), Duty: z.string(), Tabel: z.string() }),
  data: z.array(testAttendance),
});
export type TestAttendanceResponse = z.infer<typeof testAttendanceResponse>;

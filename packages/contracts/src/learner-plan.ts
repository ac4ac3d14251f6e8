import { z } from 'zod';
import { envelope } from './common.js';
import { scormProgress } from './scorm.js';

/** The trainee's own plan (learner-and-instructor.md §3 User info, Plan topic row, Plan statistics; §7). */

export const userInfoPlan = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Plan: z.string(),
  Description: z.string(),
  Duty: z.array(z.string()).describe('positions the plan is for'),
  Certificate: z.object({ ID: z.number().int(), Name: z.string() }).nullable(),
  Types: z.number().int().nullable(),
  EduTypeName: z.string().nullable().describe('name of the education type, in the caller’s language'),
});

/** GET /api/userinfo. `Plans` holds the trainee's plan (the screens use the first) or is empty. */
export const userInfoResponse = envelope({
  data: z.object({
    Plans: z.array(userInfoPlan),
    Position: z.object({ Name: z.string() }),
    Department: z.string(),
    Fullname: z.string(),
  }),
});
export type UserInfo = z.infer<typeof userInfoResponse>['data'];

export const planTopicTest = z.object({
  ID: z.number().int(),
  Name: z.string(),
  PassMarks: z.number().int(),
  Duration: z.number().int(),
  Passed: z.boolean().describe('the trainee has a passed attempt'),
  Result: z.number().nullable().describe('best result in percent, one decimal, or null when never finished'),
});

export const planTopicRow = z.object({
  ID: z.number().int(),
  Topic: z.string(),
  Name: z.string(),
  Number: z.number().int(),
  IDNumber: z.string(),
  Studyhour: z.number(),
  Date: z.string().nullable(),
  TypeID: z.number().int(),
  EduType: z.number().int(),
  Description: z.string(),
  Thematic: z.string(),
  TextOne: z.string(),
  TextTwo: z.string(),
  TextThree: z.string(),
  TextFour: z.string(),
  Tests: z.array(planTopicTest),
  Scorm: z
    .array(z.object({ ID: z.number().int(), Name: z.string(), Progress: scormProgress }))
    .describe('the topic’s SCORM packages with the trainee’s progress in each'),
  Completed: z
    .boolean()
    .describe(
      'every test of the topic is passed; a topic without tests: every SCORM package completed and none failed; a topic with neither is never completed',
    ),
});
export type PlanTopicRow = z.infer<typeof planTopicRow>;

export const planStatistic = z.object({
  Typeid: z.number().int(),
  Name: z.string(),
  TotalHour: z.number().describe('hours of all the type’s topics'),
  Hour: z.number().describe('hours of the type’s completed topics'),
  Percent: z.number().describe('Hour ÷ TotalHour × 100, one decimal'),
});
export type PlanStatistic = z.infer<typeof planStatistic>;

/** GET /api/subject/plantopics: topics of the trainee's plan, progress per topic type, and the exam. */
export const planTopicsResponse = envelope({
  data: z.array(planTopicRow),
  statistic: z.array(planStatistic),
  exam: z.object({
    PassMarks: z.number().nullable().describe('the exam’s pass mark once the trainee is accepted; null until then'),
    ExamID: z.number().int().nullable().describe('the trainee’s latest exam of this plan'),
    Name: z.string().nullable(),
    Status: z.string().nullable().describe('that exam’s status text'),
    Verdict: z.enum(['accepted', 'rejected', 'pending']).nullable().describe('null until every examiner has signed'),
  }),
});
export type PlanTopics = z.infer<typeof planTopicsResponse>;

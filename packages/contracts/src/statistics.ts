import { z } from 'zod';
import { envelope } from './common.js';
import { calendarDate, id } from './input.js';

/** Statistics and reports (issue «Results»; admin-back-office.md §2, §3 Statistics report, §7). */

export const passedOfTotal = z.object({ Passed: z.number().int(), Total: z.number().int() });
export type PassedOfTotal = z.infer<typeof passedOfTotal>;
export const departmentStatus = z.object({ Name: z.string().describe('department'), Status: passedOfTotal });
export type DepartmentStatus = z.infer<typeof departmentStatus>;

/** `from`/`to`: days in ORG_TIMEZONE, both included. */
export const statisticsFilter = z
  .object({
    plan: id.optional(),
    from: calendarDate('date_format').optional(),
    to: calendarDate('date_format').optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'date_range', path: ['to'] });
export type StatisticsFilter = z.infer<typeof statisticsFilter>;

export const statistics = z.object({
  TotalCourse: passedOfTotal,
  TotalTest: passedOfTotal,
  TotalCertificate: passedOfTotal,
  AttendanceCourse: z.array(departmentStatus),
  AttendanceTest: z.array(departmentStatus),
  GetCerificate: z.array(departmentStatus),
});
export type Statistics = z.infer<typeof statistics>;
export const statisticsResponse = envelope({ data: statistics });

/** GET /api/report/admin and /api/report/teacher: `data` is the address of the xlsx, valid for a day. */
export const reportResponse = envelope({ data: z.string() });
export const teacherReportFilter = z
  .object({ from: calendarDate('date_format').optional(), to: calendarDate('date_format').optional() })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'date_range', path: ['to'] });

/** GET /api/report/file/{token}: the xlsx itself, by the unguessable token of its address. */
export const reportFileParam = z.object({ token: z.string().regex(/^[a-f0-9]{32}\.xlsx$/, 'not_found') });

import { z } from 'zod';
import { aliased, envelope, pageQuery } from './common.js';
import { cleanText, id, isoMoment, searchText } from './input.js';

/** Retakes assigned by staff, and a person's gradebook journal (admin-back-office.md §2, §3, §7 Retakes). */

export const retakeDate = isoMoment('retake_date_format');

export const retakePerson = z.object({
  ID: z.number().int(),
  Fullname: z.string(),
  Tabel: z.string().describe('personnel number'),
  Department: z.string(),
  Duty: z.string().describe('position'),
});

/** One retake: `User` and `Test` are read by the list, `Info` by the user's details. */
export const retake = z.object({
  ID: z.number().int(),
  Date: z.string().describe('from when the retake may be taken, ISO 8601 with offset'),
  Used: z.boolean().describe('an attempt was made on it; a used retake cannot be deleted'),
  User: retakePerson,
  Test: z.object({ ID: z.number().int(), Name: z.string() }),
  Info: z.object({
    Plan: z.string().describe('plan name'),
    Type: z.string().describe('topic type name'),
    Number: z.number().int().describe('topic number'),
    Thematic: z.string().describe('topic thematic'),
  }),
});
export type Retake = z.infer<typeof retake>;

/** POST /api/retake/new and PUT /api/retake/update/id:{id}. */
export const retakeRequest = aliased(
  { UserID: id, TestID: id, Date: retakeDate },
  { userID: 'UserID', testID: 'TestID', userId: 'UserID', testId: 'TestID', date: 'Date' },
);
export type RetakeRequest = z.infer<typeof retakeRequest>;

/** GET /api/retake/get: `?id=` reads one retake; otherwise a page, searched by name or personnel number. */
export const retakesQuery = pageQuery.extend({
  id: id.optional(),
  search: searchText,
  user: id.optional().describe('only this person’s retakes'),
});

export const retakesPage = envelope({ exam: z.array(retake), pages: z.number().int(), total: z.number().int() });
export type RetakesPage = z.infer<typeof retakesPage>;
export const retakeResponse = envelope({ exam: retake });
export const retakeListResponse = z.union([retakesPage, retakeResponse]);
export const createRetakeResponse = envelope({ data: z.object({ ID: z.number().int() }) });

/** GET /api/retake/getuser?tabel={n}: the person and the tests of their plan, for the retake form. */
export const retakeUserQuery = z.object({
  tabel: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(cleanText().min(1, 'required').max(32)),
});
export const retakeUserTest = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Topic: z.string().describe('topic name'),
  Plan: z.string().describe('plan name'),
});
export const retakeUserResponse = envelope({
  exam: z.object({ User: retakePerson, Tests: z.array(retakeUserTest) }),
});
export type RetakeUser = z.infer<typeof retakeUserResponse>['exam'];

// ——— gradebook journal ———

/** One test of the person's plan, as the users screen's gradebook journal reads it. */
export const journalEntry = z.object({
  Tests: z.object({ ID: z.number().int(), Name: z.string() }),
  Type: z.string().describe('topic type name'),
  Number: z.number().int().describe('topic number'),
  Thematic: z.string().describe('topic thematic'),
  Studyhour: z.number().describe('topic hours'),
  Results: z.object({
    Passed: z.number().int().describe('correct answers of the best finished attempt, 0 if none'),
    Total: z.number().int().describe('questions of that attempt, or of the test when none is finished'),
  }),
  Status: z.string().describe("'Ожидается', 'В процессе', 'Пройден', 'Не пройден' or 'Пересдача'"),
  Attempts: z.number().int().describe('attempts made, finished or running'),
});
export type JournalEntry = z.infer<typeof journalEntry>;

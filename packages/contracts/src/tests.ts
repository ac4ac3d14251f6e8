import { z } from 'zod';
import { aliased, envelope, pagedEnvelope, pageQuery } from './common.js';
import { cleanText, id, searchText as search, wholeNumber } from './input.js';

/** Tests and their questions as the admin screens read and write them (admin-back-office.md §3). */

const name = cleanText().trim().min(1, 'required').max(300);
const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const DEFAULT_TEST_DURATION_MINUTES = 60;
export const DEFAULT_PASS_MARKS = 0;
export const MAX_TEST_DURATION_MINUTES = 1440;

export const test = z.object({
  ID: z.number().int(),
  Test: z.string(),
  Name: z.string(),
  Description: z.string(),
  PlanID: z.number().int(),
  TopicID: z.number().int(),
  Plan: z.string().describe('plan name'),
  Topic: z.string().describe('topic name'),
  Duration: z.number().int().describe('minutes'),
  PassMarks: z.number().int().describe('percent a trainee must exceed'),
  Passmarks: z.number().int(),
  Questions: z.number().int().describe('number of live questions'),
  Passed: z.number().int().describe('trainees with a passed attempt'),
  Attempts: z.number().int().describe('attempts on record; a test with attempts cannot be deleted'),
  Type: z.boolean().describe('the test belongs to a webinar'),
  Position: z.number().int().nullable().describe('order among the webinar’s tests'),
  Date: z.string().describe('created, ISO 8601'),
});
export type Test = z.infer<typeof test>;

const testFields = {
  Name: name,
  Description: cleanText().trim().max(5000).default(''),
  PlanID: id,
  TopicID: id,
  Duration: z.preprocess(emptyAsUndefined, wholeNumber(1, MAX_TEST_DURATION_MINUTES).default(DEFAULT_TEST_DURATION_MINUTES)),
  PassMarks: z.preprocess(emptyAsUndefined, wholeNumber(0, 100).default(DEFAULT_PASS_MARKS)),
  Type: z.boolean().default(false),
  Position: z.preprocess(emptyAsUndefined, wholeNumber(0).nullable().default(null)),
};
export const testRequest = aliased(testFields, { Test: 'Name', Passmarks: 'PassMarks', planID: 'PlanID', topicID: 'TopicID' });
export type TestRequest = z.infer<typeof testRequest>;

export const testsQuery = pageQuery.extend({ plan: id.optional(), topic: id.optional(), search });
export const testsPage = pagedEnvelope(test);
export const testResponse = envelope({ data: test });

// ——— questions ———

export const ANSWER_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type AnswerLetter = (typeof ANSWER_LETTERS)[number];
/** Variants A–D are required; E and F are optional (admin-back-office.md §5). */
export const REQUIRED_VARIANTS = 4;
export const VARIANT_KEYS = ['VariantA', 'VariantB', 'VariantC', 'VariantD', 'VariantE', 'VariantF'] as const;

export const questionImage = z.object({ ID: z.number().int(), Path: z.string() });

export const question = z.object({
  ID: z.number().int(),
  TestID: z.number().int(),
  Test: z.string().describe('test name'),
  Plan: z.string().describe('plan name'),
  Question: z.string(),
  QuestionText: z.string(),
  Position: z.number().int(),
  VariantA: z.string(),
  VariantB: z.string(),
  VariantC: z.string(),
  VariantD: z.string(),
  VariantE: z.string(),
  VariantF: z.string(),
  CorrectAnswer: z.enum(ANSWER_LETTERS),
  Image: questionImage.nullable(),
});
export type Question = z.infer<typeof question>;

const variant = cleanText().trim().max(2000);
const requiredVariant = variant.min(1, 'required');

/** Cyrillic letters typed for their Latin twins (А, В, С, Е) still name the variant. */
const LOOKALIKES: Record<string, string> = { А: 'A', В: 'B', С: 'C', Е: 'E' };
const answerLetter = (v: unknown) =>
  typeof v === 'string'
    ? v
        .trim()
        .toUpperCase()
        .replace(/[АВСЕ]/g, (c) => LOOKALIKES[c] ?? c)
    : v;

const questionShape = {
  TestID: id,
  QuestionText: cleanText().trim().min(1, 'required').max(5000),
  Position: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'question_position_invalid' })
      .int('question_position_invalid')
      .min(0, 'question_position_invalid')
      .max(1_000_000, 'question_position_invalid')
      .default(0),
  ),
  VariantA: requiredVariant,
  VariantB: requiredVariant,
  VariantC: requiredVariant,
  VariantD: requiredVariant,
  VariantE: variant.default(''),
  VariantF: variant.default(''),
  CorrectAnswer: z.preprocess(answerLetter, z.enum(ANSWER_LETTERS, { message: 'answer_letter' }).default('A')),
};

/** The correct answer must name a variant that has text. */
function checkCorrectAnswer(q: Record<string, unknown> & { CorrectAnswer: AnswerLetter }, ctx: z.RefinementCtx) {
  if (!q[`Variant${q.CorrectAnswer}`]) ctx.addIssue({ code: 'custom', message: 'answer_variant_empty', path: ['CorrectAnswer'] });
}

/** One question's fields, as the spreadsheet import checks each row. */
export const questionFields = z.object(questionShape).superRefine(checkCorrectAnswer);

/** POST /api/question/new and PUT /api/question/updatequestion/{id}. */
export const questionRequest = aliased(
  { ...questionShape, RemoveImage: z.boolean().default(false).describe('update only: drop the question’s photo') },
  { Question: 'QuestionText', testID: 'TestID' },
).superRefine(checkCorrectAnswer);
export type QuestionRequest = z.infer<typeof questionRequest>;

export const questionsQuery = pageQuery.extend({
  id: id.optional().describe('test id (the spec’s ?id=)'),
  test: id.optional(),
  plan: id.optional(),
  topic: id.optional(),
  search,
});
export const questionsPage = pagedEnvelope(question);
export const questionResponse = envelope({ data: question });

/** A question's photo, sent as POST /uploadI {file, QuestionID}; it replaces any earlier one. */
export const uploadQuestionImageResponse = envelope({ data: questionImage });

// ——— spreadsheet import ———

export const QUESTION_IMPORT_MAX_ROWS = 2000;
/** The import file: an .xlsx workbook (told by its content), at most 10,000,000 bytes. */
export const QUESTION_IMPORT_MAX_BYTES = 10_000_000;
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const QUESTION_IMPORT_TEMPLATE_NAME = 'questions-template.xlsx';
/** Header row of the import template, in column order. */
export const QUESTION_IMPORT_COLUMNS = ['Вопрос', 'Позиция', 'A', 'B', 'C', 'D', 'E', 'F', 'Правильный ответ'] as const;

export const importRowProblem = z.object({
  Row: z.number().int().describe('row number in the sheet (1 is the header)'),
  Errors: z.array(z.object({ Column: z.string(), Message: z.string() })),
});
export type ImportRowProblem = z.infer<typeof importRowProblem>;

/** 200: every row added. 422: nothing added; `rows` lists each row that is wrong and why. */
export const questionImportResponse = envelope({ added: z.number().int(), rows: z.array(importRowProblem) });

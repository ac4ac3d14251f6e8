import { z } from 'zod';
import { aliased, envelope, pageableEnvelope, pagedEnvelope, pageQuery } from './common.js';
import { cleanText, id, isoMoment, searchText as search, wholeNumber } from './input.js';
import { certificateLayout } from './issued-certificates.js';

/**
 * The training catalogue of admin-back-office.md §3: certificates, plans and topics.
 * Tests and questions are in tests.ts; the trainee's view of a plan in learner-plan.ts.
 */

const name = cleanText().trim().min(1, 'required').max(300);
const longText = cleanText().trim().max(20_000);

/** An empty form field means "not given". */
const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** For a reference that can be cleared: '' or null clears it, absent leaves it as it is. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

// ——— certificates ———

export const certificate = z.object({
  ID: z.number().int(),
  Name: z.string(),
  FileName: z.string(),
  Path: z.string(),
  Layout: certificateLayout.nullable().describe('where issued certificates print each field; null: the default layout'),
});
export type Certificate = z.infer<typeof certificate>;

/** `Path` is what POST /uploadF answered; only a file uploaded that way is accepted. */
export const certificateRequest = z.object({
  Name: name,
  FileName: cleanText().trim().min(1, 'required').max(255),
  Path: cleanText().trim().min(1, 'required').max(300),
  Layout: certificateLayout.nullable().optional(),
});
export type CertificateRequest = z.infer<typeof certificateRequest>;

/** PUT /api/cer/updatecer/{id}: `FileName` and `Path` may be left out to keep the current file. */
export const updateCertificateRequest = certificateRequest.extend({
  FileName: certificateRequest.shape.FileName.optional(),
  Path: certificateRequest.shape.Path.optional(),
});
export type UpdateCertificateRequest = z.infer<typeof updateCertificateRequest>;

export const certificatesQuery = pageQuery.extend({ search });
export const certificatesPage = pagedEnvelope(certificate);
export const certificateResponse = envelope({ data: certificate });

/** POST /uploadF with only a file: the stored file, to be named by POST /api/cer/new. */
export const uploadFileResponse = envelope({ Name: z.string(), Path: z.string(), Size: z.number().int() });

/** Certificate template files: documents and images, told by their content. */
export const CERTIFICATE_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

// ——— plans ———

export const planCertificate = z.object({ ID: z.number().int(), Name: z.string(), FileName: z.string(), Path: z.string() });

export const plan = z.object({
  ID: z.number().int(),
  Plan: z.string(),
  Name: z.string(),
  Duty: z.array(z.string()).describe('positions the plan is for'),
  Description: z.string(),
  CertificateID: z.number().int().nullable(),
  certificate: planCertificate.nullable(),
  Types: z.number().int().nullable().describe('education type (dictionary /api/gettopicedutype)'),
  Topiccount: z.number().int(),
  Studentcount: z.number().int(),
  Totalhour: z.number().describe('sum of the topics’ hours'),
});
export type Plan = z.infer<typeof plan>;

/** Positions arrive as a list (`["Мастер", "Оператор"]`) or as the comma-separated text typed in the form. */
export const duties = z
  .union([z.array(z.string()), z.string()])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')))
  .transform((list) => [...new Set(list.map((d) => d.replace(/\s+/g, ' ').trim()).filter(Boolean))])
  .pipe(z.array(cleanText().max(200)).max(100));

const planFields = {
  Name: name,
  Description: longText.default(''),
  CertificateID: z.preprocess(emptyAsNull, id.nullable().optional()),
  Duty: duties.default([]),
  Types: z.preprocess(emptyAsNull, id.nullable().optional()),
};
const planAliases = {
  name: 'Name',
  Plan: 'Name',
  description: 'Description',
  certificateID: 'CertificateID',
  duty: 'Duty',
  types: 'Types',
} as const;

export const createPlanRequest = aliased(planFields, planAliases);
export type CreatePlanRequest = z.infer<typeof createPlanRequest>;

/**
 * An update changes only the fields it carries: the original client's edit form sends no `Types`,
 * and that keeps the education type; `null` (or '') clears `CertificateID` or `Types`. One that
 * carries none is refused.
 */
export const updatePlanRequest = aliased(
  {
    Name: name.optional(),
    Description: longText.optional(),
    CertificateID: planFields.CertificateID,
    Duty: duties.optional(),
    Types: planFields.Types,
  },
  planAliases,
).refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing_to_update');
export type UpdatePlanRequest = z.infer<typeof updatePlanRequest>;

export const plansQuery = pageQuery.extend({ search });
export const plansPage = pagedEnvelope(plan);
export const planResponse = envelope({ data: plan });
export const createdResponse = envelope({ data: z.object({ ID: z.number().int() }) });

/** GET /api/getplanandtopics: every plan with its topics, for pickers (tests, webinars). */
export const planWithTopics = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Plan: z.string(),
  Topics: z.array(z.object({ ID: z.number().int(), Name: z.string(), Topic: z.string(), TypeID: z.number().int() })),
});
export type PlanWithTopics = z.infer<typeof planWithTopics>;
export const plansAndTopicsResponse = pageableEnvelope(planWithTopics);

/** PUT /api/user/updateplanuser/{id}: attach a plan to a person, or detach with null. */
export const attachPlanRequest = z.object({ PlanID: z.preprocess(emptyAsNull, id.nullable()) });

/** Deleting something with children says what went with it. */
export const deletedResponse = envelope({ archived: z.boolean() });

// ——— topics ———

export const topic = z.object({
  ID: z.number().int(),
  PlanID: z.number().int(),
  Plan: z.string().describe('plan name'),
  Name: z.string(),
  Topic: z.string(),
  Number: z.number().int(),
  Position: z.number().int(),
  IDNumber: z.string().describe('theme number as the plan writes it'),
  Description: z.string(),
  Thematic: z.string(),
  TextOne: z.string().describe('lesson plan'),
  TextTwo: z.string().describe('new-material outline'),
  TextThree: z.string().describe('equipment'),
  TextFour: z.string().describe('teaching aids'),
  TotalHour: z.number(),
  Studyhour: z.number(),
  TypeID: z.number().int(),
  EduType: z.number().int(),
  Date: z.string().nullable().describe('scheduled lesson time, ISO 8601, or null'),
  Testcount: z.number().int(),
});
export type Topic = z.infer<typeof topic>;

const hours = z.coerce.number().min(0, 'too_small').max(10_000);
const lessonTime = isoMoment('date_format');

const topicFields = {
  PlanID: id,
  Name: name,
  Position: z.preprocess(emptyAsUndefined, wholeNumber(0).default(0)),
  Description: longText.default(''),
  IDNumber: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(cleanText().max(50))
    .default(''),
  Thematic: longText.default(''),
  TextOne: longText.default(''),
  TextTwo: longText.default(''),
  TextThree: longText.default(''),
  TextFour: longText.default(''),
  TotalHour: z.preprocess(emptyAsUndefined, hours.default(0)),
  TypeID: id,
  EduType: id,
  Date: z.preprocess(emptyAsUndefined, lessonTime.nullable().default(null)),
};
const topicAliases = { Topic: 'Name', Number: 'Position', Studyhour: 'TotalHour', planID: 'PlanID' } as const;

export const topicRequest = aliased(topicFields, topicAliases);
export type TopicRequest = z.infer<typeof topicRequest>;

/** The same fields on update, except that a missing `Date` keeps the scheduled time (null clears it). */
export const updateTopicRequest = aliased(
  { ...topicFields, Date: z.preprocess(emptyAsNull, lessonTime.nullable().optional()) },
  topicAliases,
);
export type UpdateTopicRequest = z.infer<typeof updateTopicRequest>;

export const topicsQuery = pageQuery.extend({ plan: id.optional(), type: id.optional(), search });
export const topicsPage = pagedEnvelope(topic);
export const topicResponse = envelope({ data: topic });

import { z } from 'zod';
import { aliased, envelope } from './common.js';
import { cleanText, id, isoMoment, searchText, wholeNumber } from './input.js';
import { traineeIdentity } from './users.js';
import { WEBINAR_STATUS, webinarStatus } from './webinars.js';

/**
 * Formal exams (admin-back-office.md §2 Exam, Report cards and results, §3, §4, §7; issue "Formal
 * exams"): an exam of one plan, its examiners and regions, the examiners' votes per trainee, and the
 * report card each examiner signs with their PKCS#12 key.
 */

/** The same status texts as webinars: 'Ожидается' before BeginTime, 'В процессе', then 'Завершен'. */
export const EXAM_STATUS = WEBINAR_STATUS;
export const examStatus = webinarStatus;
export type ExamStatus = z.infer<typeof examStatus>;

export const EXAM_DEFAULT_DURATION = 120;
export const EXAM_MAX_DURATION = 1440;
export const EXAM_MAX_EXAMINERS = 20;
export const EXAM_MAX_REGIONS = 200;
/** An exam may begin at most this long before it is created or moved (the form's clock and the server's differ a little). */
export const EXAM_BEGIN_GRACE_MINUTES = 1;
/** At most this many votes in one POST /api/examenatorcheck. */
export const EXAM_MAX_VOTES_PER_REQUEST = 5000;
/** The exam type dictionary (GET /api/getexamtype): primary, periodic, extraordinary knowledge check. */
export const ExamType = { Primary: 13, Periodic: 14, Extraordinary: 15 } as const;

/** A vote as the spec stores it: 'true' accepted, 'false' rejected, '' not given (or undone). */
export const examVoteValue = z.enum(['true', 'false', '']);
export type ExamVoteValue = z.infer<typeof examVoteValue>;
/** A trainee's verdict: accepted or rejected; `pending` while the votes do not settle it. */
export const examVerdict = z.enum(['accepted', 'rejected', 'pending']);
export type ExamVerdict = z.infer<typeof examVerdict>;

export const examPerson = z.object({ ID: z.number().int(), Fullname: z.string() });
export type ExamPerson = z.infer<typeof examPerson>;
/** Tests of the plan passed by the trainee, of the plan's test count, from stored attempts. */
export const examResults = z.object({ Passed: z.number().int(), Total: z.number().int() });
export type ExamResults = z.infer<typeof examResults>;

/** The exam form's fields, as EditableFields names them. */
export const EXAM_FIELDS = ['Name', 'PlanID', 'TypeID', 'PassMarks', 'BeginTime', 'Duration', 'Examenators', 'ChairID', 'Regions'] as const;
export const examField = z.enum(EXAM_FIELDS);
export type ExamField = z.infer<typeof examField>;

/**
 * The rule the report card states and every verdict follows: a trainee is accepted only if every
 * examiner of the commission accepted; one rejection rejects. Signing opens once every examiner has
 * voted on every participant, so a signed card has no undecided trainee.
 */
export const EXAM_VERDICT_RULE_RU =
  'Слушатель считается принятым, только если его приняли все члены комиссии; отказ любого члена комиссии означает «Не принят».';

/** One exam (admin-back-office.md §3 Exam). Trainees' answers add their `Results` and `Verdict`. */
export const exam = z.object({
  ID: z.number().int(),
  Name: z.string(),
  PlanID: z.number().int(),
  Plan: z.string().describe('the plan’s name'),
  TypeID: z.number().int(),
  Type: z.string().describe('the exam type’s name in the caller’s language'),
  PassMarks: z.number().int().describe('tests of the plan a trainee must have passed'),
  TestCount: z.number().int().describe('the plan’s test count (the form’s "из N тестов")'),
  BeginTime: z.string().describe('ISO 8601 with offset'),
  Duration: z.number().int().describe('minutes'),
  Status: examStatus,
  EndedAt: z.string().nullable().describe('when an examiner completed it early'),
  Examenators: z.array(examPerson),
  Examenator: examPerson.nullable().describe('the first examiner (the spec’s single spelling)'),
  Regions: z.array(examPerson),
  Participants: z.number().int().describe('trainees taking part (staff and region answers; 0 for trainees)'),
  SignedBy: z.array(z.number().int()).describe('ids of the examiners who signed the report card'),
  ChairID: z.number().int().nullable().describe('the commission’s chair: one of Examenators'),
  EditableFields: z
    .array(examField)
    .describe('the fields of the exam form the caller may change now (empty: nothing; Name alone once the exam has begun or has a vote)'),
  LockReason: z.string().nullable().describe('why some fields are read-only, in the caller’s language; null when all are editable'),
  CompletedAt: z
    .string()
    .nullable()
    .describe('completed exams: the moment its frozen record is as of (the completion, else BeginTime + Duration)'),
  Results: examResults.optional().describe('trainees only: their own results'),
  Verdict: examVerdict.nullable().optional().describe('trainees only: null until every examiner has signed'),
  BelowPassMark: z.boolean().optional().describe('trainees only: fewer passed tests than PassMarks'),
  Now: z.string().describe('the server’s clock, for the ticking elapsed and remaining times'),
});
export type Exam = z.infer<typeof exam>;

/** GET /api/exam/getexam: `?id=` one exam (`data` an object), else a list (`?page=` pages it for staff). */
export const examsQuery = z.object({
  id: id.optional(),
  page: wholeNumber(1).optional(),
  search: searchText,
});
export const examsResponse = envelope({
  data: z.union([exam, z.array(exam)]),
  pages: z.number().int().optional(),
  total: z.number().int().optional(),
});

export const examBeginTime = isoMoment('exam_begin_format').describe(
  'ISO 8601 with any offset, year 1–9999 (the original client appends +06:00)',
);
const personIds = (max: number) => z.array(id).max(max);

/** POST /api/exam/newexam and PUT /api/exam/updateexam/{id} (`ID` in the body is ignored). */
export const examRequest = aliased(
  {
    Name: cleanText({ error: 'required' }).trim().min(1, 'required').max(300),
    PlanID: id,
    TypeID: id,
    PassMarks: wholeNumber(0, 10_000).default(0),
    BeginTime: examBeginTime,
    Duration: wholeNumber(1, EXAM_MAX_DURATION).default(EXAM_DEFAULT_DURATION),
    Examenators: personIds(EXAM_MAX_EXAMINERS).min(1, 'exam_examiner_required'),
    Regions: personIds(EXAM_MAX_REGIONS).default([]),
    ChairID: id.optional().describe('the commission’s chair, one of Examenators (default: the first)'),
  },
  { Passmarks: 'PassMarks', Startdate: 'BeginTime', planID: 'PlanID', typeID: 'TypeID', Plan: 'PlanID' },
);
export type ExamRequest = z.infer<typeof examRequest>;
export const createExamResponse = envelope({ data: z.object({ ID: z.number().int() }) });

/** One examiner's vote on one trainee (admin-back-office.md §3 Examiner vote). */
export const examVote = z.object({
  UserID: id,
  ExamID: id,
  Vote: z
    .union([examVoteValue, z.boolean(), z.null()])
    .transform((v) => (v === null ? '' : typeof v === 'boolean' ? (String(v) as 'true' | 'false') : v)),
});
/** POST /api/examenatorcheck: the caller's votes; '' undoes one. */
export const examVotesRequest = z.object({ Data: z.array(examVote).min(1).max(EXAM_MAX_VOTES_PER_REQUEST) });
export type ExamVotesRequest = z.infer<typeof examVotesRequest>;
export const examVotesResponse = envelope({ data: z.object({ Saved: z.number().int() }) });

/** Each examiner's vote on a trainee (admin and signed report cards read them all). */
export const examinerVote = z.object({ ID: z.number().int(), Fullname: z.string(), Vote: examVoteValue });

/** A trainee in a region's table (admin-back-office.md §3 Exam result per region). */
export const examParticipant = traineeIdentity.extend({
  Results: examResults,
  BelowPassMark: z.boolean(),
  ExamenatorVote: examVoteValue.describe('the calling examiner’s vote; empty for others'),
  Votes: z.array(examinerVote).describe('every examiner of the exam, in their order'),
  Verdict: examVerdict,
});
export type ExamParticipant = z.infer<typeof examParticipant>;
export const examRegionTable = z.object({
  Region: examPerson.describe('ID 0 and "Без региона" for an exam without regions'),
  Users: z.array(examParticipant),
});
export type ExamRegionTable = z.infer<typeof examRegionTable>;

/** GET /table/get?id={examId}: the exam's trainees per region (a region account: its own region only). */
export const examTableQuery = z.object({ id });
/** An examiner who has not yet voted on every participant, with the participants still undecided by them. */
export const examUndecided = z.object({
  ExamenatorID: z.number().int(),
  Fullname: z.string(),
  Trainees: z.array(examPerson),
});
export type ExamUndecided = z.infer<typeof examUndecided>;

export const examTableResponse = envelope({
  data: z.array(examRegionTable),
  exam: exam,
  Signed: z.boolean().describe('the caller has signed the report card: their votes are locked'),
  Frozen: z.boolean().describe('the exam is completed: participants and results are its frozen record'),
  DocumentFixed: z.boolean().describe('an examiner has signed: the document and every vote are final'),
  Undecided: z.array(examUndecided).describe('who still has to vote on whom before signing opens (empty: signing is open)'),
  VerdictRule: z.string().describe('the rule the card states, in the caller’s language'),
});
export type ExamTable = z.infer<typeof examTableResponse>;

export const examStatusResponse = envelope({ data: z.object({ Status: examStatus, EndedAt: z.string().nullable() }) });

/** POST /api/exam/sign/id:{id}: a detached CMS SignedData over the report card's bytes. */
export const examSignRequest = z.object({
  Signature: cleanText()
    .trim()
    .min(1, 'required')
    .max(64_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'signature_base64'),
});
/** POST /api/exam/signer-check: may this certificate sign here (chain to a trusted authority, not revoked, for signing)? */
export const signerCheckRequest = z.object({
  Certificate: cleanText()
    .trim()
    .min(1, 'required')
    .max(16_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'signature_base64')
    .describe('the signer’s certificate, DER in base64'),
});
export const signerCheckResponse = envelope({
  data: z.object({
    Trusted: z.boolean(),
    Reason: z.string().nullable().describe('why it may not sign, in the caller’s language; null when Trusted'),
  }),
});

export const examSignature = z.object({
  ID: z.number().int(),
  ExamenatorID: z.number().int(),
  Fullname: z.string().describe('the certificate holder'),
  IIN: z.string(),
  Serial: z.string().describe('the certificate’s serial number, hex'),
  ValidFrom: z.string(),
  ValidTo: z.string(),
  SignedAt: z.string(),
  KeyFamily: z.enum(['RSA', 'GOST']).describe('the signing key’s algorithm family'),
  Issuer: z.string().describe('the certificate’s issuer (its CN), e.g. "ҰКО 3.0 (RSA)"'),
  VerifiedAt: z.string().describe('when the server verified the signature, its chain and revocation'),
  Revocation: z.string().describe('the revocation evidence kept: "CRL №12, 2026-11-20T…", "OCSP: good, 2026-11-25T…", …'),
  Path: z.string().describe('GET it: the .p7s'),
  PdfPath: z.string().describe('GET it: the exact PDF the signature covers'),
});
export type ExamSignature = z.infer<typeof examSignature>;
export const examSignatureResponse = envelope({ data: examSignature });
export const examSignaturesResponse = envelope({ data: z.array(examSignature) });

/** Frames of GET /api/exam/events/{id} (the exam's live room: region accounts and examiners). */
export const examEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('results'),
    data: z.object({
      UserID: z.number().int(),
      Results: examResults,
      RegionID: z.number().int().nullable().optional().describe('the trainee’s region (a region account hears only its own)'),
    }),
  }),
  z.object({ type: z.literal('status'), data: z.object({ Status: examStatus, EndedAt: z.string().nullable() }) }),
  z.object({ type: z.literal('votes'), data: z.object({ ExamenatorID: z.number().int() }) }),
  z.object({ type: z.literal('signed'), data: z.object({ ExamenatorID: z.number().int() }) }),
  z.object({ type: z.literal('refetch'), data: z.object({ What: z.string() }) }),
]);
export type ExamEvent = z.infer<typeof examEvent>;

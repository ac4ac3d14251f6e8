import { z } from 'zod';
import { envelope, optionalPageQuery, pageableEnvelope } from './common.js';
import { cleanText, id } from './input.js';

/**
 * SCORM packages (admin-back-office.md §2 /admin/scorms, §3 SCORM, §7; learner-and-instructor.md §2
 * /user/scorm-package, §3 SCORM, §7 /api/scorm/get) and their runtime: the CMI data each trainee's
 * course keeps on the server, and the launch that opens a package on the content origin.
 */

/** The SCORM editions a package may be written for; 2004 covers its 2nd to 4th editions. */
export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** The duration the spec fixes for every package (learner-and-instructor.md §9). */
export const SCORM_DURATION_MINUTES = 120;

const named = z.object({ ID: z.number().int(), Name: z.string() });

/** A package as the administrator sees it. `Document` is its uploaded zip, null until one is uploaded. */
export const scormPackage = z.object({
  ID: z.number().int(),
  Name: z.string(),
  CreatedAt: z.string(),
  TopicID: z.number().int(),
  Topic: named,
  Document: named.nullable(),
  Version: z.enum(SCORM_VERSIONS).nullable().describe('the edition its manifest declares; null until a zip is uploaded'),
});
export type ScormPackage = z.infer<typeof scormPackage>;

/** Where a trainee stands in a package, from the CMI data their course committed. */
export const scormProgress = z.object({
  /** 1.2 `cmi.core.lesson_status`, or 2004 `cmi.completion_status`: 'not attempted' before the first launch */
  CompletionStatus: z.enum(['not attempted', 'incomplete', 'completed', 'unknown']),
  /** 1.2 passed/failed from lesson_status, or 2004 `cmi.success_status` */
  SuccessStatus: z.enum(['passed', 'failed', 'unknown']),
  /** the score in percent (2004 scaled × 100, else raw ÷ max × 100, else raw), one decimal; null when none */
  Score: z.number().nullable(),
  /** total time spent over every session, in seconds */
  TotalSeconds: z.number().int(),
  LastLaunchedAt: z.string().nullable(),
});
export type ScormProgress = z.infer<typeof scormProgress>;

/** A package on the trainee's list: one of their plan's topics, with their progress. */
export const learnerScormPackage = z.object({
  ID: z.number().int(),
  Name: z.string(),
  CreatedAt: z.string(),
  Topic: named,
  Duration: z.literal(SCORM_DURATION_MINUTES),
  Progress: scormProgress,
});
export type LearnerScormPackage = z.infer<typeof learnerScormPackage>;

/** GET /api/scorm/get: an administrator's list (all packages, `topic` filters, paged with `page`), a trainee's own packages. */
export const scormListQuery = optionalPageQuery.extend({ id: id.optional(), topic: id.optional() });
export const scormListResponse = pageableEnvelope(z.union([scormPackage, learnerScormPackage]));
export const scormPackageResponse = envelope({ data: scormPackage });

const scormName = cleanText().trim().min(1).max(200);
export const createScormRequest = z.object({ TopicID: id, Name: scormName });
export const updateScormRequest = z.object({ TopicID: id.optional(), Name: scormName.optional() });
/** POST /api/scorm/new answers the spec's `scorm.ID`. */
export const createScormResponse = envelope({ scorm: z.object({ ID: z.number().int() }) });

/** The multipart fields of POST /uploadF naming a package; they precede the file. */
export const scormUploadForm = z.object({ ScormID: id });
export const scormUploadResponse = envelope({ data: scormPackage });

/**
 * POST /api/scorm/launch/id:{id}: a trainee opens one of their packages. `Token` is bound to the caller
 * and the package and expires at `ExpiresAt`; the app hands it to the player (`PlayerUrl`, on the
 * content origin) by postMessage, never in an address.
 */
export const scormLaunchResponse = envelope({
  data: z.object({ Token: z.string(), ContentOrigin: z.string(), PlayerUrl: z.string(), ExpiresAt: z.string(), Name: z.string() }),
});

// ——— the runtime, on the content origin (called by the player page with the launch token) ———

/**
 * The CMI data model as scorm-again renders it (`cmi` and below, nested objects): stored as the course
 * committed it, bounded in size, read back on the next launch.
 */
export const cmiData = z.record(z.string(), z.unknown());
export const SCORM_CMI_MAX_BYTES = 1_000_000;

/** GET {content}/runtime/session (Authorization: Bearer {launch token}). */
export const scormSessionResponse = envelope({
  data: z.object({
    Version: z.enum(SCORM_VERSIONS),
    Name: z.string(),
    /** the launch file's address on the content origin, relative to its root: `c/{token}/{path}?{parameters}` */
    Entry: z.string(),
    /** the stored CMI data with `entry` set (resume when there is something to resume), or null on the first launch */
    Cmi: cmiData.nullable(),
  }),
});

/** POST {content}/runtime/commit: the body carries the token, as sendBeacon cannot send headers. */
export const scormCommitRequest = z.object({
  Token: z.string().min(1).max(200),
  Cmi: cmiData,
  /** the course called LMSFinish/Terminate, or the tab is closing: the session's time is added to the total */
  Terminate: z.boolean().default(false),
});
export const scormCommitResponse = envelope({ data: scormProgress });

/** The messages between the app's player page and the player on the content origin (window.postMessage). */
export const PLAYER_MESSAGES = {
  /** player → app: loaded, send me the launch token */
  ready: 'oqu-scorm-ready',
  /** app → player: `{type, token}` */
  launch: 'oqu-scorm-launch',
  /** player → app: `{type, progress: ScormProgress}` after each commit */
  progress: 'oqu-scorm-progress',
  /** player → app: the token expired or was refused; the app launches again and sends a new one */
  expired: 'oqu-scorm-expired',
  /** player → app: the course ended (Finish/Terminate) */
  finished: 'oqu-scorm-finished',
} as const;

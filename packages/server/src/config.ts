import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACE_CHECK_MODES, isValidIin, PASSWORD_MIN_LENGTH } from '@oqu/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    // a few connections per database core: more made the answer path slower on a 2-core database
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    // where uploaded and generated files live: DATA_DIR/files, or an S3-compatible bucket that several
    // server processes share (MinIO, a cloud's object storage)
    STORAGE: z.enum(['disk', 's3']).default('disk'),
    // the service's address, e.g. http://minio:9000; unset: AWS S3 itself
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    // the bucket in the path (http://minio:9000/bucket/key) rather than in the host name, as MinIO needs
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    // put before every key, so the bucket can hold other things too: `oqu/`
    S3_PREFIX: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, 'folder names ending with a slash, like oqu/')
      .default(''),
    SEED: z.enum(['demo', 'none']).optional(),
    ADMIN_IIN: optionalText.pipe(z.string().refine(isValidIin, 'must be a valid 12-digit IIN').optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(PASSWORD_MIN_LENGTH).optional()),
    ADMIN_RESET: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    SESSION_CACHE_SIZE: z.coerce.number().int().min(0).default(20_000),
    // password guessing: see modules/auth/login-throttle.ts and "Sign-in throttling" in docs/ARCHITECTURE.md
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().positive().default(10),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
    LOGIN_BACKOFF_AFTER_FAILURES: z.coerce.number().int().min(0).default(5),
    LOGIN_BACKOFF_BASE_SECONDS: z.coerce.number().int().positive().max(3600).default(30),
    LOGIN_BACKOFF_MAX_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
    // messages one person may post a minute, per server process: webinar chat, and each question-thread call
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    THREAD_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
    ORG_TIMEZONE: z.string().default('Asia/Almaty'),
    // the organisation's name at the head of official documents (the exam report card)
    ORG_NAME: z.string().trim().min(1).max(300).default('Oqu'),
    // the organisation's details under its name on the report card: address, BIN (free text, optional)
    ORG_DETAILS: z.string().trim().max(500).default(''),
    // the prefix of certificate numbers: ORG-YYYY-000123
    ORG_CODE: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{2,10}$/, 'two to ten capital Latin letters or digits')
      .default('OQU'),
    // the address people open the platform at; certificates' QR codes point to PUBLIC_URL/verify/{code}.
    // Unset: http://localhost:PORT
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // how long a certificate is valid, in months from its day of issue; unset: without a term
    CERTIFICATE_VALIDITY_MONTHS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(600).optional()),
    // how many minutes a generated report's address answers (and only while the session that asked for it lives)
    REPORT_FILE_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    // Digital signatures (docs/ARCHITECTURE.md "Signature trust", README "Digital signatures"):
    // directories of trusted NCA RK root and intermediate certificates (DER or PEM), ':'-separated;
    // unset: none in production, the NCA RK test roots and the demo's own authority under SEED=demo
    NCA_TRUST_DIR: optionalText,
    // directories of CRLs (DER or PEM), ':'-separated, reread when a file changes
    NCA_CRL_DIR: optionalText,
    // an OCSP responder asked when no current CRL covers the certificate, e.g. http://ocsp.pki.gov.kz
    NCA_OCSP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // what to do when neither a current CRL nor OCSP tells whether a certificate is revoked
    NCA_REVOCATION_UNKNOWN: z.enum(['refuse', 'accept']).default('refuse'),
    // the NCANode server that verifies GOST signatures, e.g. http://ncanode:14579
    NCANODE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // where the examiner's browser finds NCALayer (or KAZTOKEN), which every NCA RK key signs through
    NCALAYER_URL: z.url({ protocol: /^wss?$/ }).default('wss://127.0.0.1:13579'),
    // the page the webinar room embeds: {id}, {name} (URL-encoded full name) and {teacher} (1 or 0) are filled in
    STREAM_PAGE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // the live stream (docs/ARCHITECTURE.md "Live stream"): the ffmpeg that packages broadcasts into HLS;
    // unset: the system's `ffmpeg`, else the binary @ffmpeg-installer/linux-x64 installed with npm
    FFMPEG_PATH: optionalText,
    // a broadcast that sends nothing this long is closed, and its ffmpeg with it
    STREAM_IDLE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
    // how long a signed playlist and segment address opens them; players ask for a new one before
    STREAM_URL_MINUTES: z.coerce.number().int().min(1).max(240).default(10),
    // recordings are deleted this many days after their webinar ended; unset: kept
    RECORDING_KEEP_DAYS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(36_500).optional()),
    WEBINAR_GRACE_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
    // the event streams one session may hold open (webinar rooms over all processes, exam rooms per process); one more ends the oldest
    EVENT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(5),
    // SCORM packages (docs/ARCHITECTURE.md "SCORM"): the uploaded zip's size, and what it may unpack to
    SCORM_MAX_BYTES: z.coerce.number().int().min(1000).max(10_000_000_000).default(10_000_000),
    SCORM_MAX_UNPACKED_BYTES: z.coerce.number().int().min(1000).max(100_000_000_000).default(500_000_000),
    SCORM_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
    // how long a launch token opens a package and takes its CMI commits; the player asks for a new one when it expires
    SCORM_LAUNCH_MINUTES: z.coerce.number().int().min(1).max(1440).default(240),
    // package content is served from another origin, so course scripts cannot read the session: this process
    // listens there on CONTENT_PORT (unset: PORT + 1); CONTENT_ORIGIN is its public address behind a proxy
    // (unset: the app's host name with CONTENT_PORT)
    CONTENT_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
    CONTENT_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // media library files (video, audio, PDF, office documents, images)
    MEDIA_MAX_BYTES: z.coerce.number().int().min(1000).max(100_000_000_000).default(500_000_000),
    // The face check (docs/ARCHITECTURE.md "Face check"): `required` guards webinar joins and the
    // examiner's start; unset: off on the embedded demo (its accounts have no real faces), else required
    FACE_CHECK: z.enum(FACE_CHECK_MODES).optional(),
    // the similarity (0…1) from which two faces are one person. Calibrated on fixtures/faces (the engine's
    // calibration.test.ts, each face as a shot against each other as an enrolled photo): one person's 36
    // pairs scored 0.573–0.87, the 146 pairs of different people up to 0.61–0.635 (two old bearded
    // portraits), then 0.574; at 0.58 false rejects 2 (5.6 %), false accepts 2 (1.4 %)
    FACE_MATCH_THRESHOLD: z.coerce.number().min(0).max(1).default(0.58),
    // the liveness score (0…1) under which a shot is refused as not live; every genuine fixture photo
    // scored 0.84–1.00, so 0.5 refuses none of them
    FACE_LIVENESS_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
    // seconds between the camera's shots while the check's window is open
    FACE_CHECK_SECONDS: z.coerce.number().int().min(2).max(600).default(10),
    // how long a matched check lets a trainee into that webinar's room
    FACE_CHECK_VALID_MINUTES: z.coerce.number().int().min(1).max(1440).default(120),
    // keep the camera's shots in storage beside the scores (face/<…>); by default only scores are kept
    FACE_KEEP_SHOTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    // inference threads (unset: one per core) and the checks that may wait for one before "busy, try again"
    FACE_WORKERS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
    FACE_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
    WEB_DIST: z.string().default(path.join(repoRoot, 'packages/web/dist')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    BENCH_ROUTES: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.ADMIN_IIN) !== Boolean(value.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_IIN and ADMIN_PASSWORD go together' });
    }
    if (value.ADMIN_RESET && !value.ADMIN_IIN) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_RESET'], message: 'needs ADMIN_IIN and ADMIN_PASSWORD' });
    }
    if (value.STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when STORAGE=s3' });
      }
    }
    try {
      new Intl.DateTimeFormat('en', { timeZone: value.ORG_TIMEZONE });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['ORG_TIMEZONE'], message: 'unknown time zone' });
    }
  })
  .transform((value) => ({
    ...value,
    // the embedded database is for trying the product, so it comes with demo data unless told otherwise
    SEED: value.SEED ?? (value.DATABASE_URL ? 'none' : 'demo'),
    // a random app port (0, in tests) gets a random content port too
    CONTENT_PORT: value.CONTENT_PORT ?? (value.PORT === 0 ? 0 : value.PORT + 1),
    FACE_CHECK: value.FACE_CHECK ?? ((value.SEED ?? (value.DATABASE_URL ? 'none' : 'demo')) === 'demo' ? 'off' : 'required'),
    FACE_WORKERS: value.FACE_WORKERS ?? Math.max(1, os.availableParallelism()),
  }));

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** The only reader of process.env: every setting is checked here, and a bad one names itself. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof Config, string>> = {}): Config {
  const result = schema.safeParse({ ...env, ...overrides });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(config)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** An address whose last part is a secret (a report file's token: whoever has it downloads the file). */
const SECRET_PATH = /^(\/api\/report\/file\/)[^?#]*/;
/** A SCORM launch token in a content origin's address (`/c/<token>/…`). */
const LAUNCH_PATH = /^(\/c\/)[^/?#]*/;

/** A request as the log writes it: Fastify's own fields, with a secret in the address cut out. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_PATH, '$1[redacted]').replace(LAUNCH_PATH, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * What to warn of at start-up when certificates' QR codes would point at localhost: PUBLIC_URL unset
 * on a start that is not the demo (the demo is tried on the machine it runs on). Null: nothing to say.
 */
export function publicUrlWarning(config: Pick<Config, 'PUBLIC_URL' | 'SEED' | 'PORT'>): string | null {
  if (config.PUBLIC_URL || config.SEED === 'demo') return null;
  return (
    `PUBLIC_URL is not set: the QR codes and links on certificates will point at http://localhost:${config.PORT}, ` +
    'which no one else can open. Set PUBLIC_URL to the address people open Oqu at.'
  );
}

/**
 * Fastify's logger options: readable lines for a person at a terminal (pino-pretty), else one JSON
 * object per line for whatever collects the logs; either way, no secret from an address.
 */
export function loggerOptions(level: Config['LOG_LEVEL'], terminal: boolean) {
  const serializers = { req: loggedRequest };
  if (!terminal) return { level, serializers };
  return {
    level,
    serializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

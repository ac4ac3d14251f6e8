import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { DOCUMENT_MAX_BYTES, type RoleId, STREAM_CHUNK_MAX_BYTES } from '@oqu/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, loggerOptions } from './config.js';
import type { Db } from './db/database.js';
import { AttemptsRepository } from './modules/attempts/attempts.repository.js';
import { attemptsRoutes } from './modules/attempts/attempts.routes.js';
import { AttemptsService } from './modules/attempts/attempts.service.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { AuditService } from './modules/audit/audit.service.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CatalogueCleanupRepository } from './modules/catalogue-cleanup/catalogue-cleanup.repository.js';
import { CatalogueCleanupService } from './modules/catalogue-cleanup/catalogue-cleanup.service.js';
import { CertificatesRepository } from './modules/certificates/certificates.repository.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { CertificatesService } from './modules/certificates/certificates.service.js';
import { ChatRepository } from './modules/chat/chat.repository.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { ChatService } from './modules/chat/chat.service.js';
import { DictionariesRepository } from './modules/dictionaries/dictionaries.repository.js';
import { dictionariesRoutes } from './modules/dictionaries/dictionaries.routes.js';
import { DictionariesService } from './modules/dictionaries/dictionaries.service.js';
import { ExamsRepository } from './modules/exams/exams.repository.js';
import { ExamRooms } from './modules/exams/exams.rooms.js';
import { examsRoutes } from './modules/exams/exams.routes.js';
import { ExamsService } from './modules/exams/exams.service.js';
import type { FaceEngine } from './modules/face/engine/face-engine.js';
import { FaceEngineOnDemand } from './modules/face/engine-on-demand.js';
import { FaceRepository } from './modules/face/face.repository.js';
import { faceRoutes } from './modules/face/face.routes.js';
import { FaceService } from './modules/face/face.service.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { FilesService } from './modules/files/files.service.js';
import { UploadTargets } from './modules/files/upload-targets.js';
import { IssuedCertificatesRepository } from './modules/issued-certificates/issued-certificates.repository.js';
import { issuedCertificatesRoutes } from './modules/issued-certificates/issued-certificates.routes.js';
import { IssuedCertificatesService } from './modules/issued-certificates/issued-certificates.service.js';
import { LearnerPlanRepository } from './modules/learner-plan/learner-plan.repository.js';
import { learnerPlanRoutes } from './modules/learner-plan/learner-plan.routes.js';
import { LearnerPlanService } from './modules/learner-plan/learner-plan.service.js';
import { MediaRepository } from './modules/media/media.repository.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MediaService } from './modules/media/media.service.js';
import { PlansRepository } from './modules/plans/plans.repository.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { PlansService } from './modules/plans/plans.service.js';
import { PresenceRepository } from './modules/presence/presence.repository.js';
import { presenceRoutes } from './modules/presence/presence.routes.js';
import { PresenceService } from './modules/presence/presence.service.js';
import { ProblemsRepository } from './modules/problems/problems.repository.js';
import { problemsRoutes } from './modules/problems/problems.routes.js';
import { ProblemsService } from './modules/problems/problems.service.js';
import { QuestionsRepository } from './modules/questions/questions.repository.js';
import { questionsRoutes } from './modules/questions/questions.routes.js';
import { QuestionsService } from './modules/questions/questions.service.js';
import { RetakesRepository } from './modules/retakes/retakes.repository.js';
import { retakesRoutes } from './modules/retakes/retakes.routes.js';
import { RetakesService } from './modules/retakes/retakes.service.js';
import { ScormRepository } from './modules/scorm/scorm.repository.js';
import { scormRoutes } from './modules/scorm/scorm.routes.js';
import { ScormService } from './modules/scorm/scorm.service.js';
import type { GostVerifier } from './modules/signatures/gost/gost-verifier.js';
import { InProcessGostVerifier } from './modules/signatures/gost/in-process.js';
import { NcaNodeVerifier } from './modules/signatures/gost/ncanode.js';
import { SignaturesRepository } from './modules/signatures/signatures.repository.js';
import { signaturesRoutes } from './modules/signatures/signatures.routes.js';
import { SignaturesService } from './modules/signatures/signatures.service.js';
import { trustSettingsOf } from './modules/signatures/trust/settings.js';
import { SignerTrust } from './modules/signatures/trust/signer-trust.js';
import { StatisticsRepository } from './modules/statistics/statistics.repository.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { StatisticsService } from './modules/statistics/statistics.service.js';
import { BenchRepository } from './modules/system/bench.repository.js';
import { benchRoutes } from './modules/system/bench.routes.js';
import { SystemRepository } from './modules/system/system.repository.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { TestsRepository } from './modules/tests/tests.repository.js';
import { testsRoutes } from './modules/tests/tests.routes.js';
import { TestsService } from './modules/tests/tests.service.js';
import { TopicsRepository } from './modules/topics/topics.repository.js';
import { topicsRoutes } from './modules/topics/topics.routes.js';
import { TopicsService } from './modules/topics/topics.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { VisitLogRepository } from './modules/visit-log/visit-log.repository.js';
import { visitLogRoutes } from './modules/visit-log/visit-log.routes.js';
import { VisitLogService } from './modules/visit-log/visit-log.service.js';
import { WebinarDocumentsRepository } from './modules/webinars/documents/webinar-documents.repository.js';
import { webinarDocumentsRoutes } from './modules/webinars/documents/webinar-documents.routes.js';
import { WebinarDocumentsService } from './modules/webinars/documents/webinar-documents.service.js';
import { WebinarRoomsRepository } from './modules/webinars/rooms/webinar-rooms.repository.js';
import { webinarRoomsRoutes } from './modules/webinars/rooms/webinar-rooms.routes.js';
import { WebinarRoomsService } from './modules/webinars/rooms/webinar-rooms.service.js';
import { findFfmpeg } from './modules/webinars/stream/packager.js';
import { WebinarStreamRepository } from './modules/webinars/stream/webinar-stream.repository.js';
import { webinarStreamRoutes } from './modules/webinars/stream/webinar-stream.routes.js';
import { WebinarStreamService } from './modules/webinars/stream/webinar-stream.service.js';
import { WebinarTestsRepository } from './modules/webinars/tests/webinar-tests.repository.js';
import { webinarTestsRoutes } from './modules/webinars/tests/webinar-tests.routes.js';
import { WebinarTestsService } from './modules/webinars/tests/webinar-tests.service.js';
import { WebinarsRepository } from './modules/webinars/webinars.repository.js';
import { webinarsRoutes } from './modules/webinars/webinars.routes.js';
import { WebinarsService } from './modules/webinars/webinars.service.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandling, sendFrameworkError, sendSpaIndex } from './plugins/errors.js';
import { languagePlugin } from './plugins/language.js';
import { LocalNotifier, type Notifier, PgNotifier } from './plugins/notify.js';
import { ExamEventHub, WebinarEventHub } from './plugins/realtime.js';
import { collectRoutes, markPublic, type RouteEntry } from './plugins/route-table.js';
import type { Storage } from './plugins/storage.js';
import { createStorage } from './plugins/storage-of-config.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Messages between the server processes on one database (LISTEN/NOTIFY). */
    notifier: Notifier;
    /** The app's services, for the start-up steps that act through them (the demo's signature). */
    services: ReturnType<typeof createServices>;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  storage?: Storage;
  /** Default: LISTEN/NOTIFY on PostgreSQL, nothing on the embedded database (one process). */
  notifier?: Notifier;
  /** Default: a hub on the notifier. */
  events?: WebinarEventHub;
  /** Default: the exam rooms' hub on the notifier. */
  examEvents?: ExamEventHub;
  /** Logs go to a person's terminal: readable lines rather than JSON. */
  logToTerminal?: boolean;
  /** What verifies GOST signatures. Default: NCANode when NCANODE_URL is set, else in this process. */
  gost?: GostVerifier;
  /**
   * The face model. Default: one of FACE_WORKERS threads, started on first use and closed with the
   * app; one given here (a test file's apps sharing one) is the giver's to close.
   */
  faceEngine?: FaceEngine;
}

export function createServices({
  config,
  db,
  storage = createStorage(config),
  notifier = new LocalNotifier(),
  events = new WebinarEventHub(notifier),
  examEvents = new ExamEventHub(notifier),
  gost = config.NCANODE_URL ? new NcaNodeVerifier(config.NCANODE_URL) : new InProcessGostVerifier(),
  faceEngine: givenFaceEngine,
}: AppDeps) {
  const audit = new AuditService(new AuditRepository(db));
  const auth = new AuthService(new AuthRepository(db), audit, config, notifier);
  const retakes = new RetakesService(new RetakesRepository(db), audit);
  // people's photos are enrolled, and rooms and exams guarded, by the face check, which itself asks
  // the rooms and exams who may pass it: they reach it through these
  const photoFaces = { faceOf: (key: string) => face.faceOf(key) };
  const faceChecks = {
    requireWebinarCheck: (user: { id: number; roleId: RoleId }, webinarId: number) => face.requireWebinarCheck(user, webinarId),
    requireExamCheck: (user: { id: number }, examId: number) => face.requireExamCheck(user, examId),
  };
  const users = new UsersService(new UsersRepository(db), auth, audit, storage, retakes, photoFaces);
  const cleanup = new CatalogueCleanupService(new CatalogueCleanupRepository(db), storage);
  const webinars: WebinarsService = new WebinarsService(
    new WebinarsRepository(db, config.WEBINAR_GRACE_MINUTES),
    audit,
    storage,
    events,
    { streamPageUrl: config.STREAM_PAGE_URL, graceMinutes: config.WEBINAR_GRACE_MINUTES },
    faceChecks,
  );
  const webinarDocuments: WebinarDocumentsService = new WebinarDocumentsService(
    new WebinarDocumentsRepository(db),
    webinars,
    audit,
    storage,
    events,
  );
  // webinar tests read the engine's results (closing expired attempts first) and have it open the main test at a
  // webinar's end; the engine asks them who may open a webinar test
  const webinarTests: WebinarTestsService = new WebinarTestsService(
    new WebinarTestsRepository(db, config.WEBINAR_GRACE_MINUTES),
    webinars,
    events,
    {
      closeExpiredOf: (userId, testId) => attempts.closeExpiredOf(userId, testId),
      openAtWebinarEnd: (testId) => attempts.openAtWebinarEnd(testId),
    },
  );
  const attempts: AttemptsService = new AttemptsService(new AttemptsRepository(db), webinarTests);
  const presence = new PresenceService(new PresenceRepository(db), webinars, events, notifier, {
    streamsPerSession: config.EVENT_STREAMS_PER_SESSION,
  });
  // a room's stream ends with the session that opened it, wherever the session was ended
  auth.onSessionsEnded((ended) => presence.endStreamsOf(ended));
  const exams = new ExamsService(
    new ExamsRepository(db),
    audit,
    examEvents,
    { timeZone: config.ORG_TIMEZONE, organisation: { name: config.ORG_NAME, details: config.ORG_DETAILS } },
    faceChecks,
  );
  const webinarStream: WebinarStreamService = new WebinarStreamService(new WebinarStreamRepository(db), webinars, storage, audit, {
    ffmpeg: findFfmpeg(config.FFMPEG_PATH),
    idleSeconds: config.STREAM_IDLE_SECONDS,
    urlMinutes: config.STREAM_URL_MINUTES,
    keepDays: config.RECORDING_KEEP_DAYS,
  });
  // the webinar's end makes its stream a recording
  const webinarRooms = new WebinarRoomsService(new WebinarRoomsRepository(db), webinars, webinarTests, audit, events, webinarStream);
  // imported on first use too: the engine's modules load TensorFlow.js, which an app that never checks a face need not hold
  const faceEngine = new FaceEngineOnDemand(
    async () =>
      givenFaceEngine ??
      (await import('./modules/face/engine/create-face-engine.js')).createFaceEngine({
        workers: config.FACE_WORKERS,
        queueMax: config.FACE_QUEUE_MAX,
      }),
  );
  const face: FaceService = new FaceService(new FaceRepository(db), faceEngine.get, storage, webinarRooms, exams, {
    mode: config.FACE_CHECK,
    thresholds: { match: config.FACE_MATCH_THRESHOLD, liveness: config.FACE_LIVENESS_THRESHOLD },
    validMinutes: config.FACE_CHECK_VALID_MINUTES,
    keepShots: config.FACE_KEEP_SHOTS,
  });
  const examRooms = new ExamRooms(examEvents, config.EVENT_STREAMS_PER_SESSION);
  auth.onSessionsEnded((ended) => examRooms.endStreamsOf(ended));
  // the rooms of exams in progress hear a trainee's results as soon as an attempt is scored
  attempts.onAttemptsFinished((userIds) => exams.attemptsFinished(userIds));
  const signerTrust = new SignerTrust(trustSettingsOf(config), gost);
  const issuedCertificates = new IssuedCertificatesService(new IssuedCertificatesRepository(db), audit, storage, {
    organisation: config.ORG_NAME,
    orgCode: config.ORG_CODE,
    organisationDetails: config.ORG_DETAILS,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    timeZone: config.ORG_TIMEZONE,
    validityMonths: config.CERTIFICATE_VALIDITY_MONTHS,
  });
  const scorm = new ScormService(new ScormRepository(db), audit, storage, {
    limits: { maxEntries: config.SCORM_MAX_ENTRIES, maxUnpackedBytes: config.SCORM_MAX_UNPACKED_BYTES },
    launchMinutes: config.SCORM_LAUNCH_MINUTES,
  });
  return {
    events,
    examEvents,
    exams,
    examRooms,
    audit,
    auth,
    users,
    files: new FilesService(storage),
    dictionaries: new DictionariesService(new DictionariesRepository(db)),
    certificates: new CertificatesService(new CertificatesRepository(db), audit, storage),
    plans: new PlansService(new PlansRepository(db), audit, cleanup),
    topics: new TopicsService(new TopicsRepository(db), audit, cleanup),
    tests: new TestsService(new TestsRepository(db), audit, cleanup),
    questions: new QuestionsService(new QuestionsRepository(db), audit, cleanup),
    learnerPlan: new LearnerPlanService(new LearnerPlanRepository(db), exams, scorm),
    scorm,
    retakes,
    attempts,
    webinars,
    webinarRooms,
    webinarStream,
    face,
    faceEngine,
    webinarDocuments,
    webinarTests,
    chat: new ChatService(new ChatRepository(db), webinars, events),
    presence,
    problems: new ProblemsService(new ProblemsRepository(db), webinars),
    issuedCertificates,
    signerTrust,
    // the report card's last signature issues the certificates
    signatures: new SignaturesService(
      new SignaturesRepository(db),
      exams,
      audit,
      storage,
      // shared with the signer check and readiness (the CRLs' health)
      signerTrust,
      issuedCertificates,
    ),
    media: new MediaService(new MediaRepository(db), audit, storage),
    visitLog: new VisitLogService(new VisitLogRepository(db, config.ORG_TIMEZONE)),
    statistics: new StatisticsService(new StatisticsRepository(db), storage, {
      timeZone: config.ORG_TIMEZONE,
      fileMinutes: config.REPORT_FILE_MINUTES,
    }),
  };
}

/** A host name fit to be written into a header: letters, digits, dots and hyphens, or a bracketed IPv6 address. */
const PLAIN_HOST = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])$/;

/**
 * The content origin (SCORM packages, their player and runtime) as a caller of this app reaches it:
 * CONTENT_ORIGIN when set, else this host name on CONTENT_PORT; null when the host cannot be trusted
 * into a header.
 */
export function contentOriginOf(config: Pick<Config, 'CONTENT_ORIGIN' | 'CONTENT_PORT'>, request: { protocol: string; hostname: string }) {
  if (config.CONTENT_ORIGIN) return config.CONTENT_ORIGIN.replace(/\/+$/, '');
  if (!PLAIN_HOST.test(request.hostname)) return null;
  return `${request.protocol}://${request.hostname}:${config.CONTENT_PORT}`;
}

/** Builds the whole HTTP application; `main.ts` listens, tests use `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logToTerminal ?? false),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // the original client posts calls without a payload (POST /api/web/endweb/id:{id}) with an empty
  // body under a JSON content type: read it as no body rather than refuse it
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, String(body), done),
  );
  const routeTable = collectRoutes(app);
  app.decorate('routeTable', routeTable);

  const indexPath = path.join(config.WEB_DIST, 'index.html');
  const spaIndex = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  registerErrorHandling(app, spaIndex);

  // upgrade-insecure-requests and HSTS go only to requests that came over HTTPS (directly, or by
  // X-Forwarded-Proto through a trusted proxy): over plain HTTP on a LAN address they would make the
  // browser fetch every script over HTTPS, and the page would stay blank
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // the signing page talks to NCALayer on the examiner's computer
        'connect-src': ["'self'", config.NCALAYER_URL],
        // and the SCORM player on the content origin (added per request when it is this host on another port)
        'frame-src': ["'self'", 'https:', ...(config.CONTENT_ORIGIN ? [config.CONTENT_ORIGIN.replace(/\/+$/, '')] : [])],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    // helmet wrote its headers on the raw response
    let policy = reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string' && !config.CONTENT_ORIGIN) {
      // the content origin is this host on CONTENT_PORT (plain http in development, so 'https:' does not cover it)
      const origin = contentOriginOf(config, request);
      if (origin) policy = policy.replace("frame-src 'self' https:", `frame-src 'self' https: ${origin}`);
    }
    if (request.protocol === 'https') {
      if (typeof policy === 'string') policy = `${policy};upgrade-insecure-requests`;
      reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (typeof policy === 'string') reply.raw.setHeader('content-security-policy', policy);
  });
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } });
  // the teacher's broadcast arrives over a WebSocket (modules/webinars/stream)
  await app.register(websocket, { options: { maxPayload: STREAM_CHUNK_MAX_BYTES + 1024 } });
  // limits are per route (`perPersonPerMinute` in the route's config), none globally
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Oqu API',
        version: '1.0.0',
        description:
          'Every answer is `{status, message, …}`; refusals are 4xx with `{status:false, message}` in the Accept-Language language (Russian by default).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    markPublic(scope);
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    if (!spaIndex) return;
    await scope.register(fastifyStatic, {
      root: config.WEB_DIST,
      index: false,
      wildcard: true,
      // the .br and .gz copies made at build time, when the browser takes them
      preCompressed: true,
      cacheControl: false,
      // assets/ names carry a hash of their content, so they never change; anything else may
      setHeaders: (reply, file) =>
        reply.header(
          'cache-control',
          path.relative(config.WEB_DIST, file).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
    // the web app's entry; its other routes reach it through the not-found handler
    scope.get('/', { schema: { hide: true } }, (_request, reply) => sendSpaIndex(reply, spaIndex));
  });

  const notifier =
    deps.notifier ??
    (config.DATABASE_URL
      ? new PgNotifier(config.DATABASE_URL, deps.db, (message, error) => app.log.warn({ err: error }, message))
      : new LocalNotifier());
  app.decorate('notifier', notifier);
  if (!deps.notifier) app.addHook('onClose', () => notifier.close());
  const services = createServices({ ...deps, notifier });
  app.decorate('services', services);
  await app.register(languagePlugin);
  await app.register(authPlugin, { auth: services.auth });
  await app.register(systemRoutes, {
    routeTable,
    timeZone: config.ORG_TIMEZONE,
    ncaLayerUrl: config.NCALAYER_URL,
    scormMaxBytes: config.SCORM_MAX_BYTES,
    mediaMaxBytes: config.MEDIA_MAX_BYTES,
    faceCheck: config.FACE_CHECK,
    faceCheckSeconds: config.FACE_CHECK_SECONDS,
    system: new SystemRepository(deps.db),
    trust: services.signerTrust,
  });
  await app.register(authRoutes, { auth: services.auth });
  // the modules that keep uploaded files register their targets, then the files routes are built of them
  const uploads = new UploadTargets();
  await app.register(usersRoutes, { users: services.users, uploads });
  await app.register(dictionariesRoutes, { dictionaries: services.dictionaries });
  await app.register(certificatesRoutes, { certificates: services.certificates, uploads });
  await app.register(plansRoutes, { plans: services.plans });
  await app.register(topicsRoutes, { topics: services.topics });
  await app.register(testsRoutes, { tests: services.tests, attempts: services.attempts });
  await app.register(questionsRoutes, { questions: services.questions, files: services.files, uploads });
  await app.register(learnerPlanRoutes, { learnerPlan: services.learnerPlan });
  await app.register(attemptsRoutes, { attempts: services.attempts });
  // attempts nobody came back to are closed by the server, every 30 s while the app lives
  const stopSweeper = services.attempts.startSweeper(undefined, (error) =>
    app.log.error({ err: error }, 'closing expired attempts failed'),
  );
  app.addHook('onClose', async () => stopSweeper());
  await app.register(retakesRoutes, { retakes: services.retakes });
  await services.events.start();
  await services.presence.start();
  await app.register(webinarsRoutes, { webinars: services.webinars, uploads });
  await app.register(webinarRoomsRoutes, { rooms: services.webinarRooms });
  await app.register(webinarDocumentsRoutes, { documents: services.webinarDocuments, uploads });
  await app.register(webinarTestsRoutes, { tests: services.webinarTests });
  await app.register(chatRoutes, { chat: services.chat, messagesPerMinute: config.CHAT_MESSAGES_PER_MINUTE });
  await app.register(presenceRoutes, { presence: services.presence });
  await app.register(webinarStreamRoutes, { stream: services.webinarStream });
  // recordings older than RECORDING_KEEP_DAYS are deleted at start-up and every hour
  const stopRecordingSweeper = await services.webinarStream.startSweeper((error) =>
    app.log.error({ err: error }, 'deleting expired recordings failed'),
  );
  app.addHook('onClose', async () => stopRecordingSweeper());
  await services.examEvents.start();
  services.exams.logTo((message, error) => app.log.warn({ err: error }, message));
  // exams that ended by time are frozen at start-up and every minute (their reads freeze them anyway)
  const stopFreezing = await services.exams.startSweeper((error) => app.log.error({ err: error }, 'freezing ended exams failed'));
  app.addHook('onClose', async () => stopFreezing());
  await app.register(examsRoutes, { exams: services.exams, rooms: services.examRooms, users: services.users });
  await app.register(scormRoutes, {
    scorm: services.scorm,
    uploads,
    maxBytes: config.SCORM_MAX_BYTES,
    contentOriginOf: (request) => contentOriginOf(config, request) ?? `${request.protocol}://localhost:${config.CONTENT_PORT}`,
  });
  await app.register(problemsRoutes, { problems: services.problems, messagesPerMinute: config.THREAD_MESSAGES_PER_MINUTE, uploads });
  await app.register(mediaRoutes, { media: services.media, files: services.files, uploads, maxBytes: config.MEDIA_MAX_BYTES });
  await app.register(filesRoutes, { files: services.files, uploads });
  await app.register(signaturesRoutes, { signatures: services.signatures, trust: services.signerTrust });
  await app.register(faceRoutes, { face: services.face, files: services.files });
  if (!deps.faceEngine) app.addHook('onClose', () => services.faceEngine.close());
  // the CRLs are reread in the background, and one the server cannot use is logged as it is found
  services.signerTrust.watchCrls(app.log);
  app.addHook('onClose', async () => services.signerTrust.close());
  await app.register(issuedCertificatesRoutes, { issuedCertificates: services.issuedCertificates });
  await app.register(visitLogRoutes, { visitLog: services.visitLog });
  await app.register(statisticsRoutes, { statistics: services.statistics });
  // expired reports are deleted with their files at start-up and every hour while the app lives
  const stopReportSweeper = await services.statistics.startSweeper((error) =>
    app.log.error({ err: error }, 'deleting expired reports failed'),
  );
  app.addHook('onClose', async () => stopReportSweeper());
  if (config.BENCH_ROUTES) await app.register(benchRoutes, { bench: new BenchRepository(deps.db) });
  await app.ready();
  return app;
}

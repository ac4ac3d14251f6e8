import { errorResponses, type FaceCheckMode, systemEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.js';
import type { RouteEntry } from '../../plugins/route-table.js';
import type { CrlProblem } from '../signatures/trust/crl-store.js';
import { systemAccess } from './system.policy.js';
import type { SystemRepository } from './system.repository.js';

/** How long the readiness check waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 3000;

export const systemRoutes: FastifyPluginAsyncZod<{
  routeTable: RouteEntry[];
  timeZone: string;
  ncaLayerUrl: string;
  /** SCORM_MAX_BYTES, named by the package upload form */
  scormMaxBytes: number;
  /** MEDIA_MAX_BYTES, for the upload form's check and hint */
  mediaMaxBytes: number;
  /** FACE_CHECK and FACE_CHECK_SECONDS: whether the web app opens the camera check, and how often it shoots */
  faceCheck: FaceCheckMode;
  faceCheckSeconds: number;
  system: SystemRepository;
  /** the revocation lists' health, shown with readiness */
  trust: { crlProblems(now: Date): Promise<CrlProblem[]> };
}> = async (app, { routeTable, timeZone, ncaLayerUrl, scormMaxBytes, mediaMaxBytes, faceCheck, faceCheckSeconds, system, trust }) => {
  route(
    app,
    systemEndpoints.health,
    {
      config: systemAccess.open,
      schema: { tags: ['system'], summary: 'Liveness: answers while the process runs, whatever the state of the database' },
    },
    async () => ({ status: true as const }),
  );

  route(
    app,
    systemEndpoints.ready,
    {
      config: systemAccess.open,
      schema: {
        tags: ['system'],
        summary: 'Readiness: 200 when the database answers, else 503 with Retry-After',
        description:
          '`CrlProblems` lists the CRL files the server cannot use (unreadable, or expired): it is still ready, but the ' +
          'certificates of those authorities have an unknown revocation status until a current CRL is read.',
        response: errorResponses(503),
      },
    },
    async (request, reply) => {
      try {
        await system.ping(READY_TIMEOUT_MS);
      } catch (error) {
        request.log.error({ err: error }, 'not ready: the database does not answer');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: false as const, message: translate('unavailable', request.language) });
      }
      const problems = await trust.crlProblems(new Date());
      if (problems.length === 0) return { status: true as const };
      return {
        status: true as const,
        CrlProblems: problems.map(({ file, problem, detail }) => ({ File: file, Problem: problem, Detail: detail })),
      };
    },
  );

  route(
    app,
    systemEndpoints.settings,
    {
      config: systemAccess.open,
      schema: {
        tags: ['system'],
        summary:
          'The organisation’s time zone (ORG_TIMEZONE), in which dates are shown, NCALayer’s address (NCALAYER_URL), and the upload limits of SCORM packages (SCORM_MAX_BYTES) and media files (MEDIA_MAX_BYTES)',
      },
    },
    async () => ({
      status: true,
      message: '',
      data: {
        TimeZone: timeZone,
        NcaLayerUrl: ncaLayerUrl,
        ScormMaxBytes: scormMaxBytes,
        MediaMaxBytes: mediaMaxBytes,
        FaceCheck: faceCheck,
        FaceCheckSeconds: faceCheckSeconds,
      },
    }),
  );

  route(
    app,
    systemEndpoints.roles,
    {
      config: systemAccess.roles,
      schema: {
        tags: ['system'],
        summary: 'Which roles may call each API route, read off the live route table',
        response: errorResponses(401, 403),
      },
    },
    async () => ({
      status: true,
      message: '',
      data: routeTable
        .filter((r) => !r.hidden)
        .map((r) => ({ method: r.method, url: r.url, section: r.section ?? null, roles: r.roles ? [...r.roles] : [], public: r.public })),
    }),
  );
};

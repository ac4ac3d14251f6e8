import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorResponses, SCORM_CMI_MAX_BYTES, scormCommitRequest, scormCommitResponse, scormSessionResponse } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../errors.js';
import { bearerToken } from '../../../plugins/auth.js';
import { sendRanged } from '../../files/byte-range.js';
import { scormAccess } from '../scorm.policy.js';
import type { ScormService } from '../scorm.service.js';

/** The player page the web build makes (a second Vite entry), served on the content origin. */
export const PLAYER_PAGE = 'scorm-player.html';

/** What a commit's body may weigh besides the CMI data itself (the token, the envelope). */
const COMMIT_ENVELOPE_BYTES = 4096;

const tags = ['scorm runtime'];

/**
 * The content origin's routes: the player page and its scripts, the launched package's files, and the
 * runtime the player calls. Nothing here reads a session: the launch token (in the path, the
 * Authorization header or the body) is the only key, bound to one trainee and one package.
 */
export const contentRoutes: FastifyPluginAsyncZod<{ scorm: ScormService; webDist: string }> = async (app, { scorm, webDist }) => {
  // the player's scripts and styles (the web build's assets; names carry a hash of their content)
  const assets = path.join(webDist, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (options) => {
        options.config = { ...options.config, ...scormAccess.content };
      });
      await scope.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        decorateReply: false,
        wildcard: true,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
      });
    });
  }

  let player: string | null = null;
  app.get(
    '/player',
    {
      config: scormAccess.content,
      schema: { tags, summary: 'The SCORM player page', hide: true },
    },
    async (_request, reply) => {
      if (player === null) {
        try {
          player = await fs.promises.readFile(path.join(webDist, PLAYER_PAGE), 'utf8');
        } catch {
          throw notFound('scorm_player_missing');
        }
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(player);
    },
  );

  app.get(
    '/c/:token/*',
    {
      config: scormAccess.content,
      schema: {
        tags,
        summary: 'A file of the launched package',
        description:
          'By its path inside the package; typed by its extension; one `Range` is answered with 206. A token that is not a live launch is a 401.',
        params: z.object({ token: z.string().max(200), '*': z.string() }),
        hide: true,
      },
    },
    async (request, reply) => {
      const { token, '*': inside } = request.params;
      const opened = await scorm.contentFile(token, inside, request.headers.range);
      if (!opened) throw notFound();
      return sendRanged(reply, opened.found, opened.contentType, { 'cache-control': 'private, max-age=3600' });
    },
  );

  app.get(
    '/runtime/session',
    {
      config: scormAccess.content,
      schema: {
        tags,
        summary: 'The launched course: version, entry address, the stored CMI data to resume',
        description:
          '`Authorization: Bearer {launch token}`. `Cmi` is null on the first launch; else the stored data with `entry` ' +
          '(`cmi.core.entry` in 1.2, `cmi.entry` in 2004) "resume" unless the last session exited normally, and the server’s total time.',
        response: { 200: scormSessionResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: true, message: '', data: await scorm.session(bearerToken(request)) }),
  );

  // sendBeacon posts text/plain; the body is JSON either way
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: SCORM_CMI_MAX_BYTES + COMMIT_ENVELOPE_BYTES },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(Object.assign(new Error('bad JSON'), { statusCode: 400 }), undefined);
      }
    },
  );
  app.post(
    '/runtime/commit',
    {
      config: scormAccess.content,
      bodyLimit: SCORM_CMI_MAX_BYTES + COMMIT_ENVELOPE_BYTES,
      schema: {
        tags,
        summary: 'Store the course’s CMI data',
        description:
          'JSON or text/plain (sendBeacon) `{Token, Cmi, Terminate}`. The data is stored as committed (an object, at most SCORM_CMI_MAX_BYTES, 413 past it); ' +
          'completion, success and score are read from it; `Terminate` adds the session time to the total once per launch.',
        body: scormCommitRequest,
        response: { 200: scormCommitResponse, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => ({ status: true, message: '', data: await scorm.commit(request.body) }),
  );
};

import { SCORM_CMI_MAX_BYTES } from '@oqu/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, loggerOptions } from './config.js';
import { contentRoutes } from './modules/scorm/content/content.routes.js';
import type { ScormService } from './modules/scorm/scorm.service.js';
import { registerErrorHandling, sendFrameworkError } from './plugins/errors.js';
import { languagePlugin } from './plugins/language.js';
import { collectRoutes } from './plugins/route-table.js';

/** The headers of every answer of the content origin: no type sniffing, no referrer (the launch token is in the path). */
function safeHeaders(reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

export interface ContentAppDeps {
  config: Config;
  /** the app's SCORM service (`app.services.scorm`): the same database and storage */
  scorm: ScormService;
  logToTerminal?: boolean;
}

/**
 * The content origin: a second Fastify instance, on CONTENT_PORT, that serves SCORM packages and
 * their runtime (docs/ARCHITECTURE.md "SCORM"). Course scripts run here, on another origin than the
 * app, so they can read neither the app's storage (the session token) nor call its API as the
 * trainee. It reads no session, sets no cookie and answers no CORS; every answer says `nosniff` and
 * sends no referrer (the launch token is in the path). `main.ts` listens; tests use `inject`.
 */
export async function buildContentApp({ config, scorm, logToTerminal = false }: ContentAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logToTerminal),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: SCORM_CMI_MAX_BYTES + 4096,
    // refusals the router makes before any hook runs carry the headers too
    frameworkErrors: (error, request, reply) => {
      safeHeaders(reply);
      return sendFrameworkError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable = collectRoutes(app);
  app.decorate('routeTable', routeTable);
  registerErrorHandling(app, null);
  app.addHook('onSend', async (_request, reply) => {
    safeHeaders(reply);
    reply.removeHeader('set-cookie');
    for (const name of Object.keys(reply.getHeaders())) if (name.startsWith('access-control-')) reply.removeHeader(name);
  });
  await app.register(languagePlugin);
  await app.register(contentRoutes, { scorm, webDist: config.WEB_DIST });
  await app.ready();
  return app;
}

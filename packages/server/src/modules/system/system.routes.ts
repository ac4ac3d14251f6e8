import { errorResponses, healthResponse, roleMatrixResponse, settingsResponse } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forSection, publicRoute } from '../../plugins/access.js';
import type { RouteEntry } from '../../plugins/route-table.js';

export const systemRoutes: FastifyPluginAsyncZod<{ routeTable: RouteEntry[]; timeZone: string }> = async (
  app,
  { routeTable, timeZone },
) => {
  app.get(
    '/api/health',
    { config: publicRoute, schema: { tags: ['system'], summary: 'Answers once the server is ready', response: { 200: healthResponse } } },
    async () => ({ status: true as const }),
  );

  app.get(
    '/api/settings',
    {
      config: publicRoute,
      schema: {
        tags: ['system'],
        summary: 'The organisation’s time zone (ORG_TIMEZONE), in which dates are shown',
        response: { 200: settingsResponse },
      },
    },
    async () => ({ status: true, message: '', data: { TimeZone: timeZone } }),
  );

  app.get(
    '/api/roles',
    {
      config: forSection('roles'),
      schema: {
        tags: ['system'],
        summary: 'Which roles may call each API route, read off the live route table',
        response: { 200: roleMatrixResponse, ...errorResponses(401, 403) },
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

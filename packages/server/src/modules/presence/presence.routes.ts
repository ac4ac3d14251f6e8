import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresenceService } from './presence.service.js';

/** GET /api/web/events/{id}: the room's Server-Sent Events. */
export const presenceRoutes: FastifyPluginAsyncZod<{ presence: PresenceService }> = async (_app, _services) => {};

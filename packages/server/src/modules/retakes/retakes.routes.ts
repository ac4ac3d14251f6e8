import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RetakesService } from './retakes.service.js';

export const retakesRoutes: FastifyPluginAsyncZod<{ retakes: RetakesService }> = async (_app, _services) => {};

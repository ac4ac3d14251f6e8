import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TopicsService } from './topics.service.js';

export const topicsRoutes: FastifyPluginAsyncZod<{ topics: TopicsService }> = async (_app, _services) => {};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AttemptsService } from './attempts.service.js';

export const attemptsRoutes: FastifyPluginAsyncZod<{ attempts: AttemptsService }> = async (_app, _services) => {};

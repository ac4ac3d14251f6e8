import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TestsService } from './tests.service.js';

export const testsRoutes: FastifyPluginAsyncZod<{ tests: TestsService }> = async (_app, _services) => {};

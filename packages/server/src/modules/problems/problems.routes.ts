import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProblemsService } from './problems.service.js';

/** /problem/get, /problem/new, /problem/answer/new, PUT /problem/read/id:{id}. */
export const problemsRoutes: FastifyPluginAsyncZod<{ problems: ProblemsService }> = async (_app, _services) => {};

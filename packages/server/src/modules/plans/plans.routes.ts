import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlansService } from './plans.service.js';

export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (_app, _services) => {};

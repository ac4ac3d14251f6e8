import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LearnerPlanService } from './learner-plan.service.js';

export const learnerPlanRoutes: FastifyPluginAsyncZod<{ learnerPlan: LearnerPlanService }> = async (_app, _services) => {};

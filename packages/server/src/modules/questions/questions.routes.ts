import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QuestionsService } from './questions.service.js';

export const questionsRoutes: FastifyPluginAsyncZod<{ questions: QuestionsService }> = async (_app, _services) => {};

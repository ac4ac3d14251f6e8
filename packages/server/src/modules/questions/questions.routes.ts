import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FilesService } from '../files/files.service.js';
import type { QuestionsService } from './questions.service.js';

export const questionsRoutes: FastifyPluginAsyncZod<{ questions: QuestionsService; files: FilesService }> = async (_app, _services) => {};

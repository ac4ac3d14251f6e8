import { dictionaryEndpoints, errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint.js';
import { dictionariesAccess } from './dictionaries.policy.js';
import type { DictionariesService } from './dictionaries.service.js';

const refusals = errorResponses(401, 403);

export const dictionariesRoutes: FastifyPluginAsyncZod<{ dictionaries: DictionariesService }> = async (app, { dictionaries }) => {
  route(
    app,
    dictionaryEndpoints.topicTypes,
    {
      config: dictionariesAccess.read,
      schema: { tags: ['dictionaries'], summary: 'Topic types: 9 production, 10 theoretical', response: refusals },
    },
    async (request) => ({ status: true, message: '', data: await dictionaries.items('topic_type', request.language) }),
  );
  route(
    app,
    dictionaryEndpoints.examTypes,
    {
      config: dictionariesAccess.read,
      schema: {
        tags: ['dictionaries'],
        summary: 'Exam types: 13 primary, 14 periodic, 15 extraordinary knowledge check',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', data: await dictionaries.items('exam_type', request.language) }),
  );
  route(
    app,
    dictionaryEndpoints.educationTypes,
    { config: dictionariesAccess.read, schema: { tags: ['dictionaries'], summary: 'Education types: 11 and 12', response: refusals } },
    async (request) => ({ status: true, message: '', data: await dictionaries.items('edu_type', request.language) }),
  );
};

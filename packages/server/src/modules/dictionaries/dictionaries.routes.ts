import { dictionaryResponse, errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionariesAccess } from './dictionaries.policy.js';
import type { DictionariesService } from './dictionaries.service.js';

const refusals = errorResponses(401, 403);

export const dictionariesRoutes: FastifyPluginAsyncZod<{ dictionaries: DictionariesService }> = async (app, { dictionaries }) => {
  app.get(
    '/api/gettopictype',
    {
      config: dictionariesAccess.read,
      schema: {
        tags: ['dictionaries'],
        summary: 'Topic types: 9 production, 10 theoretical',
        response: { 200: dictionaryResponse, ...refusals },
      },
    },
    async (request) => ({ status: true, message: '', data: await dictionaries.items('topic_type', request.language) }),
  );
  app.get(
    '/api/gettopicedutype',
    {
      config: dictionariesAccess.read,
      schema: { tags: ['dictionaries'], summary: 'Education types: 11 and 12', response: { 200: dictionaryResponse, ...refusals } },
    },
    async (request) => ({ status: true, message: '', data: await dictionaries.items('edu_type', request.language) }),
  );
};

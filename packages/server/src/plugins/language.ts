import type { Language } from '@oqu/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { languageOf } from '../i18n/language.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's interface language, from Accept-Language (Russian by default). */
    language: Language;
  }
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'ru');
  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers['accept-language']);
  });
});

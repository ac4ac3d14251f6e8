import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChatService } from './chat.service.js';

/** GET /api/chat/get, POST /api/chat/message. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (_app, _services) => {};

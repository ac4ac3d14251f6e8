import { CHAT_PAGE_SIZE, chatEndpoints, errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { perPersonPerMinute } from '../../plugins/rate-limit.js';
import { chatAccess } from './chat.policy.js';
import type { ChatService } from './chat.service.js';

const tags = ['chat'];
const WHO = 'An administrator any webinar, a teacher their own, a trainee one of their plan (404 otherwise, and for an archived webinar).';

/** GET /api/chat/get, POST /api/chat/message. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; messagesPerMinute: number }> = async (
  app,
  { chat, messagesPerMinute },
) => {
  route(
    app,
    chatEndpoints.list,
    {
      config: chatAccess.roomPeople,
      schema: {
        tags,
        summary: 'A page of a webinar’s chat',
        description: `Page \`id\` (1, the default, is the newest ${CHAT_PAGE_SIZE} messages; 2 the ones before…), oldest first within the page; \`pages\` and \`total\` count the whole chat. ${WHO} Open rooms get new messages as \`chat\` events on GET /api/web/events/{id}; this call is for loading older pages and for clients that poll.`,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => {
      const { data, pages, total } = await chat.page(request.user, request.query.web, request.query.id);
      return { status: true, message: '', data, pages, total };
    },
  );

  route(
    app,
    chatEndpoints.send,
    {
      config: { ...chatAccess.roomPeople, ...perPersonPerMinute(messagesPerMinute) },
      schema: {
        tags,
        summary: 'Write in a webinar’s chat',
        description: `${WHO} The webinar’s teacher and administrators may write at any time; a trainee only while the webinar is 'В процессе' (422 otherwise); an examiner reads only (403). An empty message is refused (400). Answers the stored message, which every open room also receives as a \`chat\` event. At most CHAT_MESSAGES_PER_MINUTE a minute per person (429 beyond).`,
        response: errorResponses(400, 401, 403, 404, 422, 429),
      },
    },
    async (request) => {
      const data = await chat.post(request.user, request.body.WebID, request.body.Message);
      return { status: true, message: translate('chat_sent', request.language), data };
    },
  );
};

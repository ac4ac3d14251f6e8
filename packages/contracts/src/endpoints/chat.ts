import { chatMessageRequest, chatMessageResponse, chatPage, chatQuery } from '../webinars.js';
import { endpoint } from './endpoint.js';

export const chatEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/chat/get', query: chatQuery, response: chatPage }),
  send: endpoint({ method: 'POST', path: '/api/chat/message', body: chatMessageRequest, response: chatMessageResponse }),
};

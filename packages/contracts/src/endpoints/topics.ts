import {
  createdResponse,
  deletedResponse,
  topicRequest,
  topicResponse,
  topicsPage,
  topicsQuery,
  updateTopicRequest,
} from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import { endpoint } from './endpoint.js';

export const topicEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/subject/gettopics', query: topicsQuery, response: topicsPage }),
  get: endpoint({ method: 'GET', path: '/api/subject/gettopic/:id', params: idParam, response: topicResponse }),
  create: endpoint({ method: 'POST', path: '/api/subject/newtopic', body: topicRequest, response: createdResponse }),
  update: endpoint({
    method: 'PUT',
    path: '/api/subject/updatetopic/:id',
    params: idParam,
    body: updateTopicRequest,
    response: okEnvelope,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/subject/deletetopic/:id', params: idParam, response: deletedResponse }),
};

import { idParam, okEnvelope } from '../common.js';
import {
  newProblemRequest,
  newProblemResponse,
  problemAnswerRequest,
  problemAnswerResponse,
  problemsQuery,
  problemsResponse,
} from '../webinars.js';
import { endpoint } from './endpoint.js';

export const problemEndpoints = {
  list: endpoint({ method: 'GET', path: '/problem/get', query: problemsQuery, response: problemsResponse }),
  create: endpoint({ method: 'POST', path: '/problem/new', body: newProblemRequest, response: newProblemResponse }),
  answer: endpoint({ method: 'POST', path: '/problem/answer/new', body: problemAnswerRequest, response: problemAnswerResponse }),
  markRead: endpoint({ method: 'PUT', path: '/problem/read/id:::id', params: idParam, response: okEnvelope }),
};

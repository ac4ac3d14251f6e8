import {
  createdResponse,
  createPlanRequest,
  deletedResponse,
  planResponse,
  plansAndTopicsResponse,
  plansPage,
  plansQuery,
  updatePlanRequest,
} from '../catalogue.js';
import { idParam, okEnvelope, optionalPageQuery } from '../common.js';
import { endpoint } from './endpoint.js';

export const planEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/subject/getplans', query: plansQuery, response: plansPage }),
  get: endpoint({ method: 'GET', path: '/api/subject/getplan/:id', params: idParam, response: planResponse }),
  withTopics: endpoint({ method: 'GET', path: '/api/getplanandtopics', query: optionalPageQuery, response: plansAndTopicsResponse }),
  create: endpoint({ method: 'POST', path: '/api/subject/newplan', body: createPlanRequest, response: createdResponse }),
  update: endpoint({ method: 'PUT', path: '/api/subject/updateplan/:id', params: idParam, body: updatePlanRequest, response: okEnvelope }),
  remove: endpoint({ method: 'DELETE', path: '/api/subject/deleteplan/:id', params: idParam, response: deletedResponse }),
};

import { testDetailsResponse } from '../attempts.js';
import { createdResponse, deletedResponse } from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import { testRequest, testsPage, testsQuery } from '../tests.js';
import { endpoint } from './endpoint.js';

export const testEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/exam/gettests', query: testsQuery, response: testsPage }),
  get: endpoint({ method: 'GET', path: '/api/exam/gettest/:id', params: idParam, response: testDetailsResponse }),
  create: endpoint({ method: 'POST', path: '/api/exam/newtest', body: testRequest, response: createdResponse }),
  update: endpoint({ method: 'PUT', path: '/api/exam/updatetest/:id', params: idParam, body: testRequest, response: okEnvelope }),
  remove: endpoint({ method: 'DELETE', path: '/api/exam/deletetest/:id', params: idParam, response: deletedResponse }),
};

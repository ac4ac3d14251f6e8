import { idParam, okEnvelope } from '../common.js';
import { createRetakeResponse, retakeListResponse, retakeRequest, retakesQuery, retakeUserQuery, retakeUserResponse } from '../retakes.js';
import { endpoint } from './endpoint.js';

export const retakeEndpoints = {
  create: endpoint({ method: 'POST', path: '/api/retake/new', body: retakeRequest, response: createRetakeResponse }),
  /** A page of retakes, or one retake with `?id=`. */
  list: endpoint({ method: 'GET', path: '/api/retake/get', query: retakesQuery, response: retakeListResponse }),
  update: endpoint({ method: 'PUT', path: '/api/retake/update/id:::id', params: idParam, body: retakeRequest, response: okEnvelope }),
  remove: endpoint({ method: 'DELETE', path: '/api/retake/delete/id:::id', params: idParam, response: okEnvelope }),
  lookUp: endpoint({ method: 'GET', path: '/api/retake/getuser', query: retakeUserQuery, response: retakeUserResponse }),
};

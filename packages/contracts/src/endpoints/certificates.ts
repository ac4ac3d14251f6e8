import {
  certificateRequest,
  certificateResponse,
  certificatesPage,
  certificatesQuery,
  createdResponse,
  deletedResponse,
  updateCertificateRequest,
} from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import { endpoint } from './endpoint.js';

export const certificateEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/cer/getcers', query: certificatesQuery, response: certificatesPage }),
  get: endpoint({ method: 'GET', path: '/api/cer/getcer/:id', params: idParam, response: certificateResponse }),
  create: endpoint({ method: 'POST', path: '/api/cer/new', body: certificateRequest, response: createdResponse }),
  update: endpoint({
    method: 'PUT',
    path: '/api/cer/updatecer/:id',
    params: idParam,
    body: updateCertificateRequest,
    response: okEnvelope,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/cer/deletecer/:id', params: idParam, response: deletedResponse }),
};

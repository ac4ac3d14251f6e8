import {
  certificateRequest,
  certificateResponse,
  certificatesPage,
  certificatesQuery,
  createdResponse,
  deletedResponse,
  updateCertificateRequest,
  uploadFileResponse,
} from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import { endpoint } from './endpoint.js';
import { UPLOAD_PATHS } from './files.js';

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
  /** A template file, before its certificate: its `Path` goes to `create` or `update`. */
  uploadTemplate: endpoint({ method: 'POST', path: UPLOAD_PATHS.files, response: uploadFileResponse }),
};

import { z } from 'zod';
import { deletedResponse } from '../catalogue.js';
import { envelope, idParam, okEnvelope, optionalPageQuery } from '../common.js';
import { id } from '../input.js';
import {
  createWebinarResponse,
  webinarDocsResponse,
  webinarIdRequest,
  webinarListResponse,
  webinarPreviewResponse,
  webinarRequest,
  webinarResponse,
  webinarStatus,
  webinarsPage,
  webinarsQuery,
  webinarTestsResponse,
} from '../webinars.js';
import { endpoint } from './endpoint.js';
import { UPLOAD_PATHS } from './files.js';

const statusChange = envelope({ data: z.object({ Status: webinarStatus, EndedAt: z.string().nullable().optional() }) });

export const webinarEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/web/getwebinars', query: webinarsQuery, response: webinarsPage }),
  create: endpoint({ method: 'POST', path: '/api/web/new', body: webinarRequest, response: createWebinarResponse }),
  update: endpoint({ method: 'PUT', path: '/api/web/updateweb/:id', params: idParam, body: webinarRequest, response: okEnvelope }),
  remove: endpoint({ method: 'DELETE', path: '/api/web/deleteweb/:id', params: idParam, response: deletedResponse }),
  teacherList: endpoint({ method: 'GET', path: '/api/web/teacherweb', query: optionalPageQuery, response: webinarListResponse }),
  traineeList: endpoint({ method: 'GET', path: '/api/web/getuserweb', query: optionalPageQuery, response: webinarListResponse }),
  get: endpoint({ method: 'GET', path: '/api/web/getweb/:id', params: idParam, response: webinarResponse }),
  start: endpoint({ method: 'POST', path: '/api/web/startweb', body: webinarIdRequest, response: statusChange }),
  end: endpoint({ method: 'POST', path: '/api/web/endweb/id:::id', params: idParam, response: statusChange }),
  attend: endpoint({ method: 'POST', path: '/api/web/setattend', body: webinarIdRequest, response: okEnvelope }),
  /** The preview video (MP4, WebM or MOV); it replaces an earlier one. */
  uploadPreview: endpoint({
    method: 'POST',
    path: UPLOAD_PATHS.files,
    form: z.object({ WebID: id, Types: z.literal('preview') }),
    response: webinarPreviewResponse,
  }),
  /** A document of the room; answers all of the webinar's documents. */
  uploadDocument: endpoint({ method: 'POST', path: UPLOAD_PATHS.files, form: z.object({ WebID: id }), response: webinarDocsResponse }),
  removeDocument: endpoint({ method: 'DELETE', path: '/delete/docs/id:::id', params: idParam, response: webinarDocsResponse }),
  tests: endpoint({ method: 'GET', path: '/api/test/webinar/id:::id', params: idParam, response: webinarTestsResponse }),
  /** text/event-stream of the webinar's room. */
  events: endpoint({ method: 'GET', path: '/api/web/events/:id', params: idParam, response: z.string().describe('text/event-stream') }),
};

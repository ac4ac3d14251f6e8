import { deletedResponse } from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import {
  adminMediaPage,
  adminMediaQuery,
  adminMediaResponse,
  learnerMediaPage,
  learnerMediaQuery,
  mediaCreatedResponse,
  mediaUploadForm,
  updateMediaRequest,
} from '../media.js';
import { endpoint } from './endpoint.js';

export const mediaEndpoints = {
  /** multipart: `Name`, `VR`, then `file`; streamed into storage. */
  create: endpoint({ method: 'POST', path: '/api/media/new', form: mediaUploadForm, response: mediaCreatedResponse }),
  list: endpoint({ method: 'GET', path: '/api/media/get', query: adminMediaQuery, response: adminMediaPage }),
  get: endpoint({ method: 'GET', path: '/api/media/get/id:::id', params: idParam, response: adminMediaResponse }),
  update: endpoint({ method: 'PUT', path: '/api/media/update/id:::id', params: idParam, body: updateMediaRequest, response: okEnvelope }),
  remove: endpoint({ method: 'DELETE', path: '/api/media/delete/id:::id', params: idParam, response: deletedResponse }),
  /** The trainee's list (learner-and-instructor.md §7). */
  learnerList: endpoint({ method: 'GET', path: '/get/media', query: learnerMediaQuery, response: learnerMediaPage }),
};

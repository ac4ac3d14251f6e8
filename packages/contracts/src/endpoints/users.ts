import { z } from 'zod';
import { adminChangePasswordRequest } from '../auth.js';
import { attachPlanRequest } from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import { id } from '../input.js';
import {
  createUserRequest,
  createUserResponse,
  deleteUserResponse,
  personOptions,
  updateUserRequest,
  uploadImageResponse,
  userResponse,
  usersPage,
  usersQuery,
} from '../users.js';
import { endpoint } from './endpoint.js';
import { UPLOAD_PATHS } from './files.js';

export const userEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/user/getusers', query: usersQuery, response: usersPage }),
  get: endpoint({ method: 'GET', path: '/api/user/getuser/:id', params: idParam, response: userResponse }),
  teachers: endpoint({ method: 'GET', path: '/api/user/getteachers', response: personOptions }),
  regions: endpoint({ method: 'GET', path: '/api/user/getregions', response: personOptions }),
  create: endpoint({ method: 'POST', path: '/api/user/new', body: createUserRequest, response: createUserResponse }),
  update: endpoint({ method: 'PUT', path: '/api/user/updateuser/:id', params: idParam, body: updateUserRequest, response: okEnvelope }),
  attachPlan: endpoint({
    method: 'PUT',
    path: '/api/user/updateplanuser/:id',
    params: idParam,
    body: attachPlanRequest,
    response: okEnvelope,
  }),
  setPassword: endpoint({ method: 'PUT', path: '/api/user/adminchangepass', body: adminChangePasswordRequest, response: okEnvelope }),
  remove: endpoint({ method: 'DELETE', path: '/api/user/deleteuser/:id', params: idParam, response: deleteUserResponse }),
  /** One photo of a person (JPEG or PNG, at most PHOTO_MAX_BYTES); a person may have several. */
  uploadPhoto: endpoint({ method: 'POST', path: UPLOAD_PATHS.images, form: z.object({ UserID: id }), response: uploadImageResponse }),
  // the spec's path has a literal "id:" before the id; "::" escapes the colon for the router
  removePhoto: endpoint({ method: 'DELETE', path: '/delete/image/id:::id', params: idParam, response: okEnvelope }),
};

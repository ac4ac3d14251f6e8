import { adminChangePasswordRequest } from '../auth.js';
import { attachPlanRequest } from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import {
  createUserRequest,
  createUserResponse,
  deleteUserResponse,
  personOptions,
  updateUserRequest,
  userResponse,
  usersPage,
  usersQuery,
} from '../users.js';
import { endpoint } from './endpoint.js';

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
};

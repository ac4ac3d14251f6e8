import { changePasswordRequest, loginRequest, loginResponse, meResponse } from '../auth.js';
import { okEnvelope } from '../common.js';
import { endpoint } from './endpoint.js';

export const authEndpoints = {
  login: endpoint({ method: 'POST', path: '/api/user/login', body: loginRequest, response: loginResponse }),
  me: endpoint({ method: 'GET', path: '/api/user/me', response: meResponse }),
  logout: endpoint({ method: 'POST', path: '/api/user/logout', response: okEnvelope }),
  changePassword: endpoint({ method: 'PUT', path: '/api/user/changepass', body: changePasswordRequest, response: okEnvelope }),
};

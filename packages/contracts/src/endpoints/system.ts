import { healthResponse, readyResponse, roleMatrixResponse, settingsResponse } from '../system.js';
import { endpoint } from './endpoint.js';

export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', response: healthResponse }),
  ready: endpoint({ method: 'GET', path: '/api/health/ready', response: readyResponse }),
  settings: endpoint({ method: 'GET', path: '/api/settings', response: settingsResponse }),
  roles: endpoint({ method: 'GET', path: '/api/roles', response: roleMatrixResponse }),
};

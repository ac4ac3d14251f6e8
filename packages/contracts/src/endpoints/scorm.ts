import { deletedResponse } from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import {
  createScormRequest,
  createScormResponse,
  scormLaunchResponse,
  scormListQuery,
  scormListResponse,
  scormUploadForm,
  scormUploadResponse,
  updateScormRequest,
} from '../scorm.js';
import { endpoint } from './endpoint.js';
import { UPLOAD_PATHS } from './files.js';

export const scormEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/scorm/get', query: scormListQuery, response: scormListResponse }),
  create: endpoint({ method: 'POST', path: '/api/scorm/new', body: createScormRequest, response: createScormResponse }),
  update: endpoint({ method: 'POST', path: '/api/scorm/update/id:::id', params: idParam, body: updateScormRequest, response: okEnvelope }),
  remove: endpoint({ method: 'DELETE', path: '/api/scorm/delete/id:::id', params: idParam, response: deletedResponse }),
  /** The package's zip, after `create`: streamed, checked, unpacked; answers the package. */
  upload: endpoint({ method: 'POST', path: UPLOAD_PATHS.files, form: scormUploadForm, response: scormUploadResponse }),
  /** The package's zip as uploaded (the themes page's export). */
  download: endpoint({ method: 'GET', path: '/api/scorm/download/id:::id', params: idParam, response: okEnvelope }),
  launch: endpoint({ method: 'POST', path: '/api/scorm/launch/id:::id', params: idParam, response: scormLaunchResponse }),
};

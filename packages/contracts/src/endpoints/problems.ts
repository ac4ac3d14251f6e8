import { z } from 'zod';
import { idParam, okEnvelope } from '../common.js';
import { id } from '../input.js';
import {
  answerDocsResponse,
  newProblemRequest,
  newProblemResponse,
  problemAnswerRequest,
  problemAnswerResponse,
  problemsQuery,
  problemsResponse,
} from '../webinars.js';
import { endpoint } from './endpoint.js';
import { UPLOAD_PATHS } from './files.js';

export const problemEndpoints = {
  list: endpoint({ method: 'GET', path: '/problem/get', query: problemsQuery, response: problemsResponse }),
  create: endpoint({ method: 'POST', path: '/problem/new', body: newProblemRequest, response: newProblemResponse }),
  answer: endpoint({ method: 'POST', path: '/problem/answer/new', body: problemAnswerRequest, response: problemAnswerResponse }),
  markRead: endpoint({ method: 'PUT', path: '/problem/read/id:::id', params: idParam, response: okEnvelope }),
  /** A file of an answer, by the answer's author; answers the answer's files. */
  uploadAnswerFile: endpoint({ method: 'POST', path: UPLOAD_PATHS.files, form: z.object({ AnswerID: id }), response: answerDocsResponse }),
};

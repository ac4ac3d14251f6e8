import { z } from 'zod';
import { createdResponse, deletedResponse } from '../catalogue.js';
import { idParam } from '../common.js';
import { id } from '../input.js';
import {
  questionImportResponse,
  questionRequest,
  questionResponse,
  questionsPage,
  questionsQuery,
  uploadQuestionImageResponse,
  XLSX_MIME_TYPE,
} from '../tests.js';
import { endpoint } from './endpoint.js';
import { UPLOAD_PATHS } from './files.js';

export const questionEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/question/getquestions', query: questionsQuery, response: questionsPage }),
  get: endpoint({ method: 'GET', path: '/api/question/getquestion/:id', params: idParam, response: questionResponse }),
  create: endpoint({ method: 'POST', path: '/api/question/new', body: questionRequest, response: createdResponse }),
  /** `data.ID` differs from `id` when a question with answers moved to another test (a copy was made). */
  update: endpoint({
    method: 'PUT',
    path: '/api/question/updatequestion/:id',
    params: idParam,
    body: questionRequest,
    response: createdResponse,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/question/deletequestion/:id', params: idParam, response: deletedResponse }),
  import: endpoint({ method: 'POST', path: '/api/question/import', form: z.object({ TestID: id }), response: questionImportResponse }),
  /** The question's photo (JPEG or PNG, at most PHOTO_MAX_BYTES); it replaces an earlier one. */
  uploadImage: endpoint({
    method: 'POST',
    path: UPLOAD_PATHS.images,
    form: z.object({ QuestionID: id }),
    response: uploadQuestionImageResponse,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/api/question/import-template',
    response: z.unknown().describe(`${XLSX_MIME_TYPE} attachment`),
  }),
};

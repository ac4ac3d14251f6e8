import { z } from 'zod';
import { uploadFileResponse } from '../catalogue.js';
import { idParam, okEnvelope } from '../common.js';
import { uploadQuestionImageResponse } from '../tests.js';
import { uploadImageResponse } from '../users.js';
import { answerDocsResponse, webinarDocsResponse, webinarPreviewResponse } from '../webinars.js';
import { endpoint } from './endpoint.js';

export const fileEndpoints = {
  /** multipart/form-data {UserID or QuestionID, file}. */
  uploadImage: endpoint({ method: 'POST', path: '/uploadI', response: z.union([uploadImageResponse, uploadQuestionImageResponse]) }),
  removeImage: endpoint({
    method: 'DELETE',
    path: '/delete/image/id:::id',
    params: idParam,
    response: okEnvelope,
  }),
  /** multipart/form-data {file, and WebID (+ Types), AnswerID or nothing}. */
  uploadFile: endpoint({
    method: 'POST',
    path: '/uploadF',
    response: z.union([uploadFileResponse, webinarDocsResponse, webinarPreviewResponse, answerDocsResponse]),
  }),
};

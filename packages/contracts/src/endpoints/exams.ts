import { z } from 'zod';
import { deletedResponse } from '../catalogue.js';
import { idParam } from '../common.js';
import {
  createExamResponse,
  examRequest,
  examSignatureResponse,
  examSignaturesResponse,
  examSignRequest,
  examStatusResponse,
  examsQuery,
  examsResponse,
  examTableQuery,
  examTableResponse,
  examVotesRequest,
  examVotesResponse,
  signerCheckRequest,
  signerCheckResponse,
} from '../exams.js';
import { personOptions } from '../users.js';
import { endpoint } from './endpoint.js';

const file = (what: string) => z.string().describe(what);

export const examEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/exam/getexam', query: examsQuery, response: examsResponse }),
  create: endpoint({ method: 'POST', path: '/api/exam/newexam', body: examRequest, response: createExamResponse }),
  update: endpoint({ method: 'PUT', path: '/api/exam/updateexam/:id', params: idParam, body: examRequest, response: examsResponse }),
  remove: endpoint({ method: 'DELETE', path: '/api/exam/deleteexam/:id', params: idParam, response: deletedResponse }),
  /** The examiner picker of the exam form. */
  examiners: endpoint({ method: 'GET', path: '/api/exam/examenators', response: personOptions }),
  complete: endpoint({ method: 'POST', path: '/api/exam/complete/id:::id', params: idParam, response: examStatusResponse }),
  table: endpoint({ method: 'GET', path: '/table/get', query: examTableQuery, response: examTableResponse }),
  vote: endpoint({ method: 'POST', path: '/api/examenatorcheck', body: examVotesRequest, response: examVotesResponse }),
  /**
   * application/pdf: the report card: once an examiner signed, the one fixed document every examiner
   * signs; before that, the draft as it stands (deterministic bytes for a given state).
   */
  reportCard: endpoint({ method: 'GET', path: '/api/exam/reportcard/id:::id', params: idParam, response: file('application/pdf') }),
  /** application/pdf: «копия с отметками о подписании»: the signed document with a page of the signatures' marks. */
  markedCopy: endpoint({
    method: 'GET',
    path: '/api/exam/reportcard/id:::id/marked',
    params: idParam,
    response: file('application/pdf'),
  }),
  /** application/zip: the signed document, every signature (.p7s) over it, and the marked copy. */
  signedPackage: endpoint({
    method: 'GET',
    path: '/api/exam/reportcard/id:::id/package',
    params: idParam,
    response: file('application/zip'),
  }),
  signatures: endpoint({
    method: 'GET',
    path: '/api/exam/reportcard/id:::id/signatures',
    params: idParam,
    response: examSignaturesResponse,
  }),
  /** application/pkcs7-signature: one stored signature (.p7s, DER). */
  signatureFile: endpoint({
    method: 'GET',
    path: '/api/exam/signature/id:::id',
    params: idParam,
    response: file('application/pkcs7-signature'),
  }),
  /** application/pdf: the exact report card bytes one signature covers. */
  signedPdf: endpoint({ method: 'GET', path: '/api/exam/signature/id:::id/pdf', params: idParam, response: file('application/pdf') }),
  /** Whether a certificate may sign report cards here, checked before the browser says the key fits. */
  signerCheck: endpoint({ method: 'POST', path: '/api/exam/signer-check', body: signerCheckRequest, response: signerCheckResponse }),
  sign: endpoint({
    method: 'POST',
    path: '/api/exam/sign/id:::id',
    params: idParam,
    body: examSignRequest,
    response: examSignatureResponse,
  }),
  /** text/event-stream of the exam's room: `results`, `status`, `votes`, `signed`, `refetch`. */
  events: endpoint({ method: 'GET', path: '/api/exam/events/:id', params: idParam, response: file('text/event-stream') }),
};

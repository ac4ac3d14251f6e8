import { z } from 'zod';
import { idParam, okEnvelope } from '../common.js';
import {
  certificatePreviewRequest,
  issuedCertificatesPage,
  issuedCertificatesQuery,
  revokeCertificateRequest,
  traineeCertificatesResponse,
  verificationParam,
  verifyResponse,
} from '../issued-certificates.js';
import { endpoint } from './endpoint.js';

const file = (what: string) => z.string().describe(what);

export const issuedCertificateEndpoints = {
  own: endpoint({ method: 'GET', path: '/api/cer/user', response: traineeCertificatesResponse }),
  issued: endpoint({ method: 'GET', path: '/api/cer/issued', query: issuedCertificatesQuery, response: issuedCertificatesPage }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/cer/revoke/id:::id',
    params: idParam,
    body: revokeCertificateRequest,
    response: okEnvelope,
  }),
  /** application/pdf: a sample certificate of a template laid out as asked (the certificate form's preview). */
  preview: endpoint({ method: 'POST', path: '/api/cer/preview', body: certificatePreviewRequest, response: file('application/pdf') }),
  /** Public: the certificate's verification, by its code or its printed number. */
  verify: endpoint({ method: 'GET', path: '/api/verify/:code', params: verificationParam, response: verifyResponse }),
  /** Public, by the code or number: application/pdf, the certificate as issued (marked «ОТОЗВАН» once revoked). */
  pdf: endpoint({ method: 'GET', path: '/api/verify/:code/pdf', params: verificationParam, response: file('application/pdf') }),
  /** Public, by the code or number: the filled DOCX template (404 when the template is not a DOCX, 410 once revoked). */
  docx: endpoint({
    method: 'GET',
    path: '/api/verify/:code/docx',
    params: verificationParam,
    response: file('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  }),
};

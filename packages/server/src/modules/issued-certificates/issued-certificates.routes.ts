import { errorResponses, issuedCertificateEndpoints } from '@oqu/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { issuedCertificatesAccess as access, VERIFY_CALLS_PER_MINUTE } from './issued-certificates.policy.js';
import type { IssuedCertificatesService } from './issued-certificates.service.js';

const tags = ['certificates'];
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LIMITED = `At most ${VERIFY_CALLS_PER_MINUTE} calls a minute from one address (429 past it).`;
const UNKNOWN_CODE =
  '`code` is the verification code or the printed number (ORG-YYYY-000123). An unknown one answers 404 with a message that tells nothing more, whichever it is.';

/** A file download that is not cached: a revoked certificate must not live on in a cache. */
const download = (reply: FastifyReply, type: string, name: string, data: Buffer) =>
  reply
    .type(type)
    .header('content-length', data.length)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(data);

/** Certificates issued after fully signed exams, and their public verification (issue «Results»). */
export const issuedCertificatesRoutes: FastifyPluginAsyncZod<{ issuedCertificates: IssuedCertificatesService }> = async (
  app,
  { issuedCertificates },
) => {
  route(
    app,
    issuedCertificateEndpoints.own,
    {
      config: access.own,
      schema: { tags, summary: 'The caller’s certificates, newest first', response: errorResponses(401, 403) },
    },
    async (request) => ({ status: true, message: '', data: await issuedCertificates.own(request.user) }),
  );

  route(
    app,
    issuedCertificateEndpoints.issued,
    {
      config: access.manage,
      schema: {
        tags,
        summary: 'Every issued certificate, newest first, a page at a time',
        description: '`search` matches the number, the holder’s name or IIN, or the plan.',
        response: errorResponses(400, 401, 403),
      },
    },
    async (request) => ({ status: true, message: '', ...(await issuedCertificates.issued(request.query)) }),
  );

  route(
    app,
    issuedCertificateEndpoints.revoke,
    {
      config: access.manage,
      schema: {
        tags,
        summary: 'Revoke a certificate for good',
        description: 'The certificate stays listed and its verification reads `Valid: false`. Audited. 409 when revoked already.',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await issuedCertificates.revoke(request.user, request.params.id, request.body.Reason);
      return { status: true, message: translate('ok', request.language) };
    },
  );

  route(
    app,
    issuedCertificateEndpoints.preview,
    {
      config: access.preview,
      schema: {
        tags,
        summary: 'A sample certificate PDF of an uploaded template with a layout',
        description:
          '`Path` as POST /uploadF answered (422 otherwise, or when the file cannot be read). A DOCX template previews on a plain page.',
        response: errorResponses(400, 401, 403, 422),
      },
    },
    async (request, reply) => {
      const pdf = await issuedCertificates.preview(request.body.Path, request.body.Layout);
      return download(reply, PDF, 'preview.pdf', pdf);
    },
  );

  route(
    app,
    issuedCertificateEndpoints.verify,
    {
      config: access.verify,
      schema: {
        tags,
        summary: 'Public: verify a certificate by its code or its number',
        description: `The IIN is masked to its last 4 digits. ${UNKNOWN_CODE} ${LIMITED}`,
        response: errorResponses(400, 404, 429),
      },
    },
    async (request) => ({ status: true, message: '', data: await issuedCertificates.verify(request.params.code) }),
  );

  route(
    app,
    issuedCertificateEndpoints.pdf,
    {
      config: access.verify,
      schema: {
        tags,
        summary: 'Public: the certificate as a PDF',
        description: `A revoked certificate comes with «ОТОЗВАН» and the day of revocation over every page. ${UNKNOWN_CODE} ${LIMITED}`,
        response: errorResponses(400, 404, 429),
      },
    },
    async (request, reply) => {
      const file = await issuedCertificates.pdf(request.params.code);
      return download(reply, PDF, file.name, file.data);
    },
  );

  route(
    app,
    issuedCertificateEndpoints.docx,
    {
      config: access.verify,
      schema: {
        tags,
        summary: 'Public: the filled Word template of the certificate',
        description: `404 when the certificate’s template is not a DOCX; 410 once revoked. ${UNKNOWN_CODE} ${LIMITED}`,
        response: errorResponses(400, 404, 410, 429),
      },
    },
    async (request, reply) => {
      const file = await issuedCertificates.docx(request.params.code);
      return download(reply, DOCX, file.name, file.data);
    },
  );
};

import { errorResponses, examEndpoints } from '@oqu/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { signaturesAccess } from './signatures.policy.js';
import type { SignaturesService } from './signatures.service.js';
import type { SignerTrust } from './trust/signer-trust.js';

const tags = ['exams'];
const refusals = errorResponses(400, 401, 403, 404);
const ACCESS = 'An administrator, or an examiner of the exam (403 otherwise).';

/** An attachment that is never cached: the card changes with every vote until signed, the files are personal data. */
const attachment = (reply: FastifyReply, type: string, name: string, size: number) =>
  reply
    .type(type)
    .header('content-length', size)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');

/** The report card PDF and its digital signatures (issue "Formal exams" §5). */
export const signaturesRoutes: FastifyPluginAsyncZod<{ signatures: SignaturesService; trust: SignerTrust }> = async (
  app,
  { signatures, trust },
) => {
  route(
    app,
    examEndpoints.reportCard,
    {
      config: signaturesAccess.reportCard,
      schema: {
        tags,
        summary: 'The exam’s report card as a PDF: the signed document once an examiner signed, else the card as it stands',
        description:
          `${ACCESS} The same state gives the same bytes; \`X-Content-SHA256\` is their hash. ` +
          'These exact bytes are what POST /api/exam/sign/id:{id} expects a detached CMS signature over. The first signature ' +
          'fixes them: from then on this answers that stored document, which every later examiner signs too. It carries no ' +
          'marks of who signed (see …/marked).',
        response: refusals,
      },
    },
    async (request, reply) => {
      const { pdf, sha256 } = await signatures.reportCard(request.user, request.params.id);
      return attachment(reply, 'application/pdf', `report-card-${request.params.id}.pdf`, pdf.length)
        .header('x-content-sha256', sha256)
        .send(pdf);
    },
  );

  route(
    app,
    examEndpoints.markedCopy,
    {
      config: signaturesAccess.reportCard,
      schema: {
        tags,
        summary: '«Копия с отметками о подписании»: the signed report card with a page of the signatures’ marks',
        description: `${ACCESS} A copy for reading, never signed itself: who signed, IIN, certificate serial, time. 422 before the first signature.`,
        response: errorResponses(401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const pdf = await signatures.markedCopy(request.user, request.params.id);
      return attachment(reply, 'application/pdf', `report-card-${request.params.id}-marked-copy.pdf`, pdf.length).send(pdf);
    },
  );

  route(
    app,
    examEndpoints.signedPackage,
    {
      config: signaturesAccess.reportCard,
      schema: {
        tags,
        summary: 'The signed report card as a zip: the document, every signature over it (.p7s) and the marked copy',
        description: `${ACCESS} Each .p7s verifies against the one document in the zip. 422 before the first signature.`,
        response: errorResponses(401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const zip = await signatures.signedPackage(request.user, request.params.id);
      return attachment(reply, 'application/zip', `report-card-${request.params.id}-signed.zip`, zip.length).send(zip);
    },
  );

  route(
    app,
    examEndpoints.signatures,
    {
      config: signaturesAccess.reportCard,
      schema: { tags, summary: 'The signatures given on the exam’s report card, oldest first', description: ACCESS, response: refusals },
    },
    async (request) => ({ status: true, message: '', data: await signatures.list(request.user, request.params.id) }),
  );

  route(
    app,
    examEndpoints.signatureFile,
    {
      config: signaturesAccess.reportCard,
      schema: { tags, summary: 'One signature as a .p7s file (detached CMS, DER)', description: ACCESS, response: refusals },
    },
    async (request, reply) => {
      const file = await signatures.file(request.user, request.params.id, 'signature');
      return attachment(reply, 'application/pkcs7-signature', file.name, file.size).send(file.stream);
    },
  );

  route(
    app,
    examEndpoints.signedPdf,
    {
      config: signaturesAccess.reportCard,
      schema: {
        tags,
        summary: 'The exact report card PDF one signature covers',
        description: `${ACCESS} \`openssl cms -verify -binary -noverify -inform DER -in x.p7s -content x.pdf\` verifies the pair.`,
        response: refusals,
      },
    },
    async (request, reply) => {
      const file = await signatures.file(request.user, request.params.id, 'pdf');
      return attachment(reply, 'application/pdf', file.name, file.size).send(file.stream);
    },
  );

  route(
    app,
    examEndpoints.sign,
    {
      config: signaturesAccess.sign,
      schema: {
        tags,
        summary: 'Sign the report card with the examiner’s digital signature',
        description: [
          "An examiner of the exam, once it is 'Завершен'. `Signature`: base64 of a detached CMS SignedData (DER) over the bytes",
          'GET /api/exam/reportcard/id:{id} answered: SHA-256, signed attributes with messageDigest and signingTime, the signer’s',
          'certificate included. Signing opens once every examiner has voted on every participant (422 naming who is undecided',
          'on whom). The first signature fixes the document: the server renders the card again under the exam’s lock and it must',
          'be the bytes signed (a vote changed since: 422); the document and the verdicts are stored and every vote is locked.',
          'Later examiners sign that stored document. The certificate must carry the caller’s IIN (subject serialNumber',
          '"IIN…"), be valid now and be meant for signing (422 otherwise). 409 when the caller signed already. The last',
          'signature issues the certificates of the trainees accepted.',
        ].join(' '),
        response: errorResponses(400, 401, 403, 404, 409, 422),
      },
    },
    async (request) => {
      const data = await signatures.sign(request.user, request.params.id, request.body.Signature);
      return { status: true, message: translate('exam_signed', request.language), data };
    },
  );

  route(
    app,
    examEndpoints.signerCheck,
    {
      config: signaturesAccess.signerCheck,
      schema: {
        tags,
        summary: 'Whether a certificate could sign a report card here: what the browser asks once a key file is opened',
        description: [
          'An examiner. `Certificate`: the DER certificate in base64. The same checks a signature meets, but for the IIN:',
          'valid now, a signing key (non-repudiation), a chain to an authority the server trusts, not revoked.',
          '`Trusted: false` comes with the reason in the caller’s language.',
        ].join(' '),
        response: errorResponses(400, 401, 403, 429),
      },
    },
    async (request) => {
      const der = Buffer.from(request.body.Certificate.replace(/\s+/g, ''), 'base64');
      const refusal = await trust.signerRefusal(der, new Date());
      return {
        status: true,
        message: '',
        data: { Trusted: refusal === null, Reason: refusal && translate(refusal, request.language) },
      };
    },
  );
};

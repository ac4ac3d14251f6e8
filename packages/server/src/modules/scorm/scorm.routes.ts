import { errorResponses, scormEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import type { UploadTargets } from '../files/upload-targets.js';
import { scormAccess } from './scorm.policy.js';
import type { ScormService } from './scorm.service.js';

const refusals = errorResponses(400, 401, 403, 404, 422);
const tags = ['scorm'];

/** `Content-Disposition` of a download: an ASCII fallback and the name as it was, UTF-8 encoded. */
export function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface ScormRouteOptions {
  scorm: ScormService;
  uploads: UploadTargets;
  /** SCORM_MAX_BYTES: the zip's size cap while it streams */
  maxBytes: number;
  /** the content origin as the caller reaches it (CONTENT_ORIGIN, or this host on CONTENT_PORT) */
  contentOriginOf: (request: { protocol: string; hostname: string }) => string;
}

export const scormRoutes: FastifyPluginAsyncZod<ScormRouteOptions> = async (app, { scorm, uploads, maxBytes, contentOriginOf }) => {
  // POST /uploadF with ScormID (before the file): the zip streams into storage, is unpacked and checked,
  // and only then recorded; a refusal leaves nothing. Neither the zip nor its content is served by /files/*.
  uploads.register({
    name: '`ScormID` — a SCORM package’s zip (administrators; after POST /api/scorm/new), answers the package; refusals name the reason (422)',
    endpoint: scormEndpoints.upload,
    names: (fields) => fields.ScormID !== undefined,
    badForm: 'scorm_form_invalid',
    rules: {
      maxBytes,
      mimeTypes: ['application/zip'],
      tooLarge: 'scorm_file_too_large',
      wrongType: 'scorm_file_type',
      missing: 'scorm_file_missing',
    },
    folder: 'scorm',
    servedAsFiles: false,
    roles: scormAccess.manage.access.roles,
    store: async (request, file, form) => ({
      status: true,
      message: translate('scorm_uploaded', request.language),
      data: await scorm.storeUpload(request.user, form.ScormID, file),
    }),
  });

  route(
    app,
    scormEndpoints.list,
    {
      config: scormAccess.list,
      schema: {
        tags,
        summary: 'SCORM packages: every package (administrators) or the caller’s own (trainees)',
        description: [
          'Administrators: every live package, newest first, paged with `page` (PAGE_SIZE a page), `topic` filters by topic, `id` answers that one package in `data`.',
          'Trainees: the packages of their plan’s topics (`topic`, `id` narrow it) with their `Progress`, unpaged; `Duration` is the spec’s fixed 120 minutes.',
          'An archived package (deleted while trainees had progress in it) is in neither list.',
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await scorm.list(request.user, request.query)) }),
  );

  route(
    app,
    scormEndpoints.create,
    {
      config: scormAccess.manage,
      schema: {
        tags,
        summary: 'Create a SCORM package of a topic',
        description: 'Answers `scorm.ID`; then POST /uploadF with `ScormID` (before the file) uploads its zip. An unknown topic is a 422.',
        response: refusals,
      },
    },
    async (request) => {
      const id = await scorm.create(request.user, request.body);
      return { status: true, message: translate('scorm_created', request.language), scorm: { ID: id } };
    },
  );

  route(
    app,
    scormEndpoints.update,
    {
      config: scormAccess.manage,
      schema: {
        tags,
        summary: 'Rename a SCORM package or move it to another topic',
        description: 'The zip is replaced by uploading another with the same `ScormID`. Naming no field is a 400.',
        response: refusals,
      },
    },
    async (request) => {
      await scorm.update(request.user, request.params.id, request.body);
      return { status: true, message: translate('scorm_updated', request.language) };
    },
  );

  route(
    app,
    scormEndpoints.remove,
    {
      config: scormAccess.manage,
      schema: {
        tags,
        summary: 'Delete a SCORM package',
        description:
          'A package no trainee has opened is deleted with its files (`archived: false`); one with trainees’ progress is archived (`archived: true`): gone from the lists, its progress kept.',
        response: refusals,
      },
    },
    async (request) => {
      const { archived } = await scorm.remove(request.user, request.params.id);
      return { status: true, message: translate(archived ? 'scorm_archived' : 'scorm_deleted', request.language), archived };
    },
  );

  route(
    app,
    scormEndpoints.download,
    {
      config: scormAccess.manage,
      schema: {
        tags,
        summary: 'The package’s zip as it was uploaded',
        description: 'An application/zip attachment with the uploaded file’s name; 404 before a zip is uploaded.',
        response: refusals,
      },
    },
    async (request, reply) => {
      const file = await scorm.download(request.params.id);
      return reply
        .type('application/zip')
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  route(
    app,
    scormEndpoints.launch,
    {
      config: scormAccess.launch,
      schema: {
        tags,
        summary: 'Open a SCORM package of the trainee’s plan',
        description: [
          'Answers a launch token bound to the caller and this package, valid SCORM_LAUNCH_MINUTES, and the player’s address on the content origin.',
          'The app hands the token to the player by postMessage; the player calls `{ContentOrigin}/runtime/session` and `/runtime/commit` with it.',
          'A package not of the caller’s plan is a 403; one without an uploaded zip a 422.',
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => {
      const launched = await scorm.launch(request.user, request.params.id);
      const origin = contentOriginOf(request);
      return {
        status: true,
        message: '',
        data: {
          Token: launched.token,
          ContentOrigin: origin,
          PlayerUrl: `${origin}/player`,
          ExpiresAt: launched.expiresAt,
          Name: launched.name,
        },
      };
    },
  );
};

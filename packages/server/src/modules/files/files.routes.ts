import { errorResponses, UPLOAD_PATHS } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { STORAGE_KEY } from '../../plugins/storage.js';
import { sendRanged } from './byte-range.js';
import { filesAccess } from './files.policy.js';
import type { FilesService } from './files.service.js';
import { judgeUpload, type UploadTarget, type UploadTargets } from './upload-targets.js';

/** The 200 answer of a path: the answer of whichever of its targets took the upload. */
const answersOf = (targets: readonly UploadTarget[]) => ({ 200: z.union(targets.map((target) => target.endpoint.response)) });

const docsOf = (targets: readonly UploadTarget[]) => targets.map((target) => `${target.name}.`).join(' ');

/** The targets of a path, which the app cannot do without. */
function targetsOn(uploads: UploadTargets, path: string): [UploadTarget, ...UploadTarget[]] {
  const [first, ...others] = uploads.on(path);
  if (!first) throw new Error(`${path}: no upload target is registered`);
  return [first, ...others];
}

/**
 * The spec's upload paths and the stored files. The targets of each path are registered by the
 * modules that keep them, before this plugin: it builds each path from the targets it has then.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService; uploads: UploadTargets }> = async (app, { files, uploads }) => {
  // A photo: its fields may follow the file (the original client sends UserID after it), so the
  // target is judged once the upload is read, and the path admits only who may use one of its
  // targets. Its targets share their rules, since those apply before the target is known; a photo is
  // small (PHOTO_MAX_BYTES), so it is read whole and stored in its target's folder once judged.
  const images = targetsOn(uploads, UPLOAD_PATHS.images);
  const imageRules = images[0].rules;
  if (images.some((target) => target.rules !== imageRules)) throw new Error(`${UPLOAD_PATHS.images}: its targets differ in their rules`);
  app.post(
    UPLOAD_PATHS.images,
    {
      config: filesAccess.uploadersOf(images),
      schema: {
        tags: ['files'],
        summary: 'Upload one photo',
        description: `multipart/form-data with \`file\` and the field naming what the photo is of: ${docsOf(images)}`,
        consumes: ['multipart/form-data'],
        response: { ...answersOf(images), ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const { file, fields } = await files.readUpload(request, imageRules);
      const { target, form } = judgeUpload(images, fields, request.user.roleId);
      return files.keepIf(await files.store(target.folder, file), (stored) => target.store(request, stored, form as never));
    },
  );

  // A document: every target is named by fields that must precede the file, so the caller is judged
  // (403) when the file begins and a refused caller's file is never read; an admitted one streams
  // into its target's folder, never held whole.
  const documents = targetsOn(uploads, UPLOAD_PATHS.files);
  const largest = documents.reduce((widest, { rules }) => (rules.maxBytes > widest.maxBytes ? rules : widest), documents[0].rules);
  app.post(
    UPLOAD_PATHS.files,
    {
      config: filesAccess.judgedBeforeFile,
      schema: {
        tags: ['files'],
        summary: 'Upload a document',
        description: [
          'multipart/form-data with `file` (type by content; only the first file is used) and, before it, the fields naming its target:',
          docsOf(documents),
          'The fields must precede the file: the caller is refused (403) before the file is read, and a target field after the file answers 400.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: { ...answersOf(documents), ...errorResponses(400, 401, 403, 404, 413, 415, 422) },
      },
    },
    async (request) => {
      const judge = (fields: Record<string, string>) => judgeUpload(documents, fields, request.user.roleId);
      const { file, fields, fieldsBeforeFile } = await files.streamUpload(request, largest.maxBytes, (before) => {
        const { target } = judge(before);
        return { rules: target.rules, folder: target.folder };
      });
      return files.keepIf(file, (stored) => {
        const { target, form } = judge(fields);
        // a target named only after the file would have been judged as another
        if (judge(fieldsBeforeFile).target !== target) throw badRequest('upload_fields_first');
        return target.store(request, stored, form as never);
      });
    },
  );

  // Files are named by 128 random bits, so their URL is the capability (an <img> cannot send a
  // token). Only what was uploaded is served here: the folders of the upload targets, except those
  // whose files only their own routes hand out (SCORM packages), and those a module registered for its
  // own upload route (the media library's `media/`). Reports, signed documents, issued certificates and
  // the demo's keys have routes of their own that check the caller.
  const uploadFolders = uploads.servedFolders();
  const isUploaded = (key: string) => STORAGE_KEY.test(key) && uploadFolders.has(key.slice(0, key.indexOf('/')));
  app.get(
    '/files/*',
    { config: filesAccess.stored, schema: { tags: ['files'], summary: 'A stored file by its Path', hide: true } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const opened = isUploaded(key) ? await files.open(key, request.headers.range) : null;
      if (!opened) return reply.callNotFound();
      return sendRanged(reply, opened.found, opened.contentType, opened.headers);
    },
  );
};

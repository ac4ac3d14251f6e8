import {
  errorEnvelope,
  errorResponses,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_IMPORT_TEMPLATE_NAME,
  questionEndpoints,
  questionImportResponse,
  XLSX_MIME_TYPE,
} from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { type FilesService, PHOTO_UPLOAD } from '../files/files.service.js';
import type { UploadTargets } from '../files/upload-targets.js';
import { questionsAccess } from './questions.policy.js';
import type { QuestionsService } from './questions.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['questions'];

export const questionsRoutes: FastifyPluginAsyncZod<{ questions: QuestionsService; files: FilesService; uploads: UploadTargets }> = async (
  app,
  { questions, files, uploads },
) => {
  uploads.register({
    name: '`QuestionID` — the photo of a question (JPEG or PNG by content, at most 1,000,000 bytes; whoever edits questions; it replaces the question’s photo), answers `data`',
    endpoint: questionEndpoints.uploadImage,
    names: (fields) => fields.QuestionID !== undefined,
    badForm: 'photo_target_missing',
    rules: PHOTO_UPLOAD,
    folder: 'questions',
    roles: questionsAccess.manage.access.roles,
    store: async (request, file, { QuestionID }) => ({
      status: true,
      message: translate('question_image_uploaded', request.language),
      data: await questions.setImage(request.user, QuestionID, file),
    }),
  });

  route(
    app,
    questionEndpoints.list,
    {
      config: questionsAccess.manage,
      schema: {
        tags,
        summary: 'Questions, a page at a time, by test, position and creation',
        description: '`?id=` (as the original screens send it) or `?test=` is a test id. Archived questions are never listed.',
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await questions.list(request.query)) }),
  );

  route(
    app,
    questionEndpoints.get,
    {
      config: questionsAccess.manage,
      schema: { tags, summary: 'One question, for its edit form', response: refusals },
    },
    async (request) => ({ status: true, message: '', data: await questions.get(request.params.id) }),
  );

  route(
    app,
    questionEndpoints.create,
    {
      config: questionsAccess.manage,
      schema: {
        tags,
        summary: 'Add a question to a test',
        description: '`data.ID` is the new question; its photo goes by POST /uploadI {file, QuestionID}.',
        response: refusals,
      },
    },
    async (request) => {
      const id = await questions.create(request.user, request.body);
      return { status: true, message: translate('question_created', request.language), data: { ID: id } };
    },
  );

  route(
    app,
    questionEndpoints.update,
    {
      config: questionsAccess.manage,
      schema: {
        tags,
        summary: 'Edit a question; RemoveImage drops its photo',
        description:
          'Moving an answered question to another test archives it where it was and adds a copy to the new test: `data.ID` is then the copy’s ID.',
        response: refusals,
      },
    },
    async (request) => {
      const saved = await questions.update(request.user, request.params.id, request.body);
      const message = translate(saved.moved ? 'question_moved' : 'question_updated', request.language);
      return { status: true, message, data: { ID: saved.id } };
    },
  );

  route(
    app,
    questionEndpoints.remove,
    {
      config: questionsAccess.manage,
      schema: {
        tags,
        summary: 'Delete a question, or archive one that was answered',
        description: '`archived: true`: trainees answered it, so it left the test but stays in their results.',
        response: refusals,
      },
    },
    async (request) => {
      const { archived } = await questions.remove(request.user, request.params.id);
      return { status: true, message: translate(archived ? 'question_archived' : 'question_deleted', request.language), archived };
    },
  );

  route(
    app,
    questionEndpoints.import,
    {
      config: questionsAccess.manage,
      schema: {
        tags,
        summary: 'Add questions to a test from an .xlsx spreadsheet',
        description: `multipart/form-data with \`TestID\` and \`file\` (.xlsx by content, at most ${QUESTION_IMPORT_MAX_BYTES} bytes). The first sheet's row 1 holds the template headers (${QUESTION_IMPORT_COLUMNS.join(', ')}); at most ${QUESTION_IMPORT_MAX_ROWS} rows. All rows are added, or none: 422 with \`rows\` lists every wrong row and column.`,
        consumes: ['multipart/form-data'],
        response: {
          ...refusals,
          413: errorEnvelope,
          415: errorEnvelope,
          422: z.union([questionImportResponse, errorEnvelope]),
        },
      },
    },
    async (request, reply) => {
      const { file, fields } = await files.readUpload(request, {
        maxBytes: QUESTION_IMPORT_MAX_BYTES,
        mimeTypes: [XLSX_MIME_TYPE],
        tooLarge: 'import_too_large',
        wrongType: 'import_type',
        missing: 'import_file_missing',
      });
      const form = questionEndpoints.import.form.safeParse(fields);
      if (!form.success) throw badRequest('import_test_missing');
      const result = await questions.importSheet(request.user, form.data.TestID, file.data, request.language);
      if (result.rows.length > 0) {
        const message = translate('import_rows_invalid', request.language, { count: result.rows.length });
        return reply.code(422).send({ status: false, message, ...result });
      }
      return { status: true, message: translate('import_added', request.language, { count: result.added }), ...result };
    },
  );

  route(
    app,
    questionEndpoints.importTemplate,
    {
      config: questionsAccess.manage,
      schema: {
        tags,
        summary: 'The .xlsx template for the question import',
        description: `An attachment \`${QUESTION_IMPORT_TEMPLATE_NAME}\`: the header row and one example row.`,
        response: refusals,
      },
    },
    async (_request, reply) => {
      const data = await questions.importTemplate();
      return reply
        .type(XLSX_MIME_TYPE)
        .header('content-disposition', `attachment; filename="${QUESTION_IMPORT_TEMPLATE_NAME}"`)
        .header('cache-control', 'no-cache')
        .send(data);
    },
  );
};

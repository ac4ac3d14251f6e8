import { errorResponses, faceEndpoints, faceVerifyForm } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors.js';
import { route } from '../../plugins/endpoint.js';
import { type FilesService, PHOTO_UPLOAD } from '../files/files.service.js';
import { faceAccess } from './face.policy.js';
import { toComparison, toVerification } from './face.presenter.js';
import type { FaceService } from './face.service.js';

const tags = ['face'];

/** What a check is for: exactly one of `WebID` and `ExamID` (400 naming the field otherwise). */
function targetOf(fields: Record<string, string>) {
  const parsed = faceVerifyForm.safeParse(fields);
  if (!parsed.success) throw badRequest('face_target_invalid', { field: String(parsed.error.issues[0]?.path[0] ?? 'WebID') });
  const { WebID, ExamID } = parsed.data;
  if (WebID !== undefined && ExamID !== undefined) throw badRequest('face_target_both');
  if (WebID !== undefined) return { webinarId: WebID };
  if (ExamID !== undefined) return { examId: ExamID };
  throw badRequest('face_target_missing');
}

/** learner-and-instructor.md §4 (the join's face check), §7 (the comparison service): the face routes. */
export const faceRoutes: FastifyPluginAsyncZod<{ face: FaceService; files: FilesService }> = async (app, { face, files }) => {
  route(
    app,
    faceEndpoints.compare,
    {
      config: faceAccess.compare,
      schema: {
        tags,
        summary: 'Compare the faces of two photos (staff)',
        description: [
          'multipart/form-data with the files `source` and `target` (JPEG or PNG by content, each at most 1,000,000 bytes).',
          'Compares the largest face of each: `Similarity` 0…1, `FaceMatches` 1 from FACE_MATCH_THRESHOLD; `Reason` no_face when either has none.',
          'The decision is kept for the audit. 429 with Retry-After while every inference thread is busy.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: errorResponses(400, 401, 403, 413, 415, 422, 429),
      },
    },
    async (request) => {
      const { files: photos } = await files.readFiles(request, PHOTO_UPLOAD, ['source', 'target']);
      return toComparison(await face.compare(request.user, photos.source, photos.target));
    },
  );

  route(
    app,
    faceEndpoints.verify,
    {
      config: faceAccess.verify,
      schema: {
        tags,
        summary: 'The camera’s face check: a trainee joining a webinar, an examiner starting an exam',
        description: [
          'multipart/form-data: `WebID` or `ExamID` (exactly one, else 400), then the camera’s shot as `file` (JPEG or PNG, at most 1,000,000 bytes).',
          'WebID: a trainee of the webinar’s plan while it is ‘В процессе’ (404, 422 as `/api/web/setattend`);',
          'ExamID: an examiner of the exam while it is ‘В процессе’ (403, 422).',
          'The shot’s one face is compared with every enrolled photo of the caller: a match takes the best similarity ≥ FACE_MATCH_THRESHOLD',
          'and liveness ≥ FACE_LIVENESS_THRESHOLD. Otherwise `FaceMatches` 0 and `Reason`',
          '(no_face, several_faces, small_face, not_live, no_match, not_enrolled) with `message` saying it in the caller’s language.',
          'A match for a webinar records the join as `/api/web/setattend` does, marked face-verified; it lets the trainee join and open',
          'the room’s events for FACE_CHECK_VALID_MINUTES, and an examiner vote, complete and sign that exam.',
          'Every check is kept for the audit (scores, decision, threshold, model); the shot only with FACE_KEEP_SHOTS=true.',
          '429 with Retry-After while every inference thread is busy.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
      },
    },
    async (request) => {
      const { file, fields } = await files.readUpload(request, PHOTO_UPLOAD);
      return toVerification(await face.verify(request.user, targetOf(fields), file), request.language);
    },
  );
};

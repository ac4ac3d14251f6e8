import { z } from 'zod';
import { envelope } from './common.js';
import { id } from './input.js';

/**
 * The face check (learner-and-instructor.md §2 /face, §4 face check for webinar join, §7 the face
 * comparison service, §8 'face_not_recognized', §9 every 10 seconds; admin-back-office.md §2 the
 * report card's 'Start', §5 photos). The camera's shot is compared on the server with the photos an
 * administrator uploaded for the caller; only a match opens a webinar room or an examiner's exam.
 */

/** Whether the check guards joins and the examiner's start (FACE_CHECK). */
export const FACE_CHECK_MODES = ['required', 'off'] as const;
export type FaceCheckMode = (typeof FACE_CHECK_MODES)[number];

/**
 * Why a shot did not match: no face in it, more than one, a face too small to compare, a face that
 * does not look live, another person's face, or no enrolled photo to compare with (the
 * administrator must upload one).
 */
export const FACE_CHECK_REASONS = ['no_face', 'several_faces', 'small_face', 'not_live', 'no_match', 'not_enrolled'] as const;
export const faceCheckReason = z.enum(FACE_CHECK_REASONS);
export type FaceCheckReason = z.infer<typeof faceCheckReason>;

/** POST /api/face/compare, multipart: the two photos (jpeg or png) as files `source` and `target`. */
export const faceCompareForm = z.object({});

/** The seed's comparison service contract: FaceMatches 1 is a match; Similarity 0…1 (1: the same picture). */
export const faceCompareResponse = envelope({
  FaceMatches: z.union([z.literal(0), z.literal(1)]),
  Similarity: z.number().min(0).max(1).describe('of the largest face in each photo; 0 when either has none'),
  Reason: faceCheckReason.nullable().describe('why not a match, when it is not (null on a match)'),
});
export type FaceCompareResponse = z.infer<typeof faceCompareResponse>;

/**
 * POST /api/face/verify, multipart: `WebID` (a webinar the caller joins) or `ExamID` (an exam the
 * examiner starts), then the camera's shot as `file`.
 */
export const faceVerifyForm = z.object({
  WebID: id.optional().describe('the webinar the trainee joins'),
  ExamID: id.optional().describe('the exam the examiner starts'),
});

export const faceVerifyResponse = envelope({
  FaceMatches: z.union([z.literal(0), z.literal(1)]),
  Similarity: z.number().min(0).max(1).describe('the best over the caller’s enrolled photos; 0 when not compared'),
  Liveness: z.number().min(0).max(1).nullable().describe('the face’s liveness score; null when no single face was found'),
  Reason: faceCheckReason.nullable().describe('why not a match; `message` says it in the caller’s language'),
});
export type FaceVerifyResponse = z.infer<typeof faceVerifyResponse>;

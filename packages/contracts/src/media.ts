import { z } from 'zod';
import { envelope, pagedEnvelope, pageQuery } from './common.js';
import { cleanText, wholeNumber } from './input.js';

/**
 * The media library (learner-and-instructor.md §2 /user/media-files, /user/vr, compact /mediafiles and
 * /media, §3 Media file, §7 GET /get/media; admin-back-office.md §2 /admin/create-media-file): files
 * an administrator uploads for every trainee — video, audio, PDF, office documents, images — and the
 * equirectangular videos marked VR 360°, which the trainee's VR screen plays in a 360° viewer.
 */

/** Video types by content: the only ones that may be marked VR 360°. */
export const MEDIA_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-m4v'] as const;
/** Audio types by content (`file-type`'s names: M4A is `audio/x-m4a`, Opus in Ogg carries its codec). */
export const MEDIA_AUDIO_TYPES = ['audio/mpeg', 'audio/x-m4a', 'audio/ogg', 'audio/ogg; codecs=opus', 'audio/wav'] as const;
/** Documents and pictures, downloaded rather than played. */
export const MEDIA_DOCUMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'image/jpeg',
  'image/png',
] as const;
export const MEDIA_MIME_TYPES = [...MEDIA_VIDEO_TYPES, ...MEDIA_AUDIO_TYPES, ...MEDIA_DOCUMENT_TYPES] as const;

/** How a screen treats a file: a video or audio plays in the page, anything else downloads. */
export type MediaKind = 'video' | 'audio' | 'document';
export function mediaKindOf(type: string): MediaKind {
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
}

/** The file endings the upload form offers (the server judges by content). */
export const MEDIA_ACCEPT = '.mp4,.m4v,.webm,.mov,.mp3,.m4a,.ogg,.oga,.opus,.wav,.pdf,.docx,.xlsx,.pptx,.jpg,.jpeg,.png';

/** A multipart or JSON flag: `true`/`false` as text (what a form sends), `1`/`0`, `on`, or a boolean. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

const mediaName = cleanText().trim().min(1).max(200);

/** A media file as the trainee's list shows it: the spec's fields, then `VR` and `Type`. */
export const mediaFile = z.object({
  ID: z.number().int(),
  Name: z.string(),
  CreatedAt: z.string(),
  /** bytes */
  Size: z.number().int(),
  /** `/files/media/<key>`: public by its unguessable name, answers Range requests */
  Path: z.string(),
  VR: z.boolean().describe('an equirectangular video for the 360° viewer'),
  Type: z.string().describe('the type read from the content, e.g. video/mp4'),
});
export type MediaFile = z.infer<typeof mediaFile>;

/** A media file on the administrator's list: also the name it was uploaded under. */
export const adminMediaFile = mediaFile.extend({ FileName: z.string() });
export type AdminMediaFile = z.infer<typeof adminMediaFile>;

/** POST /api/media/new: the fields that precede the file. */
export const mediaUploadForm = z.object({ Name: mediaName, VR: flag.optional().default(false) });
export type MediaUploadForm = z.infer<typeof mediaUploadForm>;
export const mediaCreatedResponse = envelope({ data: z.object({ ID: z.number().int() }) });

/** PUT /api/media/update/id:{id}. */
export const updateMediaRequest = z.object({ Name: mediaName, VR: flag.optional().default(false) });
export type UpdateMediaRequest = z.input<typeof updateMediaRequest>;

export const adminMediaQuery = pageQuery;
export const adminMediaPage = pagedEnvelope(adminMediaFile);
export const adminMediaResponse = envelope({ data: adminMediaFile });

/** GET /get/media?id={page}: the page is named `id` as the spec calls it; `vr=true` lists the VR videos only. */
export const learnerMediaQuery = z.object({ id: wholeNumber(1).default(1), vr: flag.optional() });
export const learnerMediaPage = pagedEnvelope(mediaFile);

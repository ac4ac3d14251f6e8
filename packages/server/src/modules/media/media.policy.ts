import { everyoneButRegion, MEDIA_VIDEO_TYPES } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';

/** Who may do what with the media library. The routes declare these. */
export const mediaAccess = {
  /** the administrator's /admin/media: upload, list, edit, delete */
  manage: forSection('media'),
  /** GET /get/media: every trainee's media screens, and the staff who look at them */
  read: { access: { roles: everyoneButRegion } },
} as const;

/** Only a video may be marked VR 360° (an equirectangular one, for the viewer). */
export function mayBeVr(mime: string): boolean {
  return (MEDIA_VIDEO_TYPES as readonly string[]).includes(mime);
}

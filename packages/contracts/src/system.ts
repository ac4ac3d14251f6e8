import { z } from 'zod';
import { envelope } from './common.js';
import { FACE_CHECK_MODES } from './face.js';

export const healthResponse = z.object({ status: z.literal(true) });

/** GET /api/health/ready: ready, and the revocation lists the server cannot use, when there are any. */
export const readyResponse = healthResponse.extend({
  CrlProblems: z
    .array(
      z.object({
        File: z.string().describe('the file’s name in NCA_CRL_DIR'),
        Problem: z.enum(['unreadable', 'expired', 'unverified']),
        Detail: z.string(),
      }),
    )
    .optional()
    .describe('CRL files not used: until a current CRL of an authority is read, its certificates’ revocation is unknown'),
});

/**
 * Settings the web app needs before it shows anything: the organisation's time zone for every date,
 * where the examiner's NCALayer listens, and the upload limits its forms name.
 */
export const settingsResponse = envelope({
  data: z.object({
    TimeZone: z.string().describe('IANA zone, e.g. Asia/Almaty'),
    NcaLayerUrl: z.string().describe('NCALayer’s WebSocket address (NCALAYER_URL), wss://127.0.0.1:13579 by default'),
    ScormMaxBytes: z.number().int().describe('the largest SCORM package zip an upload takes (SCORM_MAX_BYTES)'),
    MediaMaxBytes: z.number().int().describe('the largest media library file, in bytes (MEDIA_MAX_BYTES)'),
    FaceCheck: z.enum(FACE_CHECK_MODES).describe('whether joins and the examiner’s start pass the face check (FACE_CHECK)'),
    FaceCheckSeconds: z.number().int().describe('seconds between the camera’s shots during the check (FACE_CHECK_SECONDS)'),
  }),
});

/** What each role may call, read off the server's own route table. */
export const roleMatrixResponse = envelope({
  data: z.array(
    z.object({
      method: z.string(),
      url: z.string(),
      section: z.string().nullable(),
      roles: z.array(z.number().int()).describe('empty for routes open to everyone'),
      public: z.boolean(),
    }),
  ),
});
export type RoleMatrix = z.infer<typeof roleMatrixResponse>['data'];

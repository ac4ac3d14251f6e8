import { z } from 'zod';
import { envelope } from './common.js';

export const healthResponse = z.object({ status: z.literal(true) });

/**
 * Settings the web app needs before it shows anything: the organisation's time zone for every date,
 * and where the examiner's NCALayer listens.
 */
export const settingsResponse = envelope({
  data: z.object({
    TimeZone: z.string().describe('IANA zone, e.g. Asia/Almaty'),
    NcaLayerUrl: z.string().describe('NCALayer’s WebSocket address (NCALAYER_URL), wss://127.0.0.1:13579 by default'),
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

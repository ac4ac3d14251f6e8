import { z } from 'zod';
import { envelope } from './common.js';

export const healthResponse = z.object({ status: z.literal(true) });

/** Settings the web app needs before it shows anything: the organisation's time zone for every date. */
export const settingsResponse = envelope({ data: z.object({ TimeZone: z.string().describe('IANA zone, e.g. Asia/Almaty') }) });

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

import { z } from 'zod';
import { envelope } from './common.js';

export const healthResponse = z.object({ status: z.literal(true) });

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

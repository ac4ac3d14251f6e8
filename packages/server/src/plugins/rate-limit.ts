import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * A route's limit of `max` calls a minute for each signed-in person (for each client address on a
 * public route), counted by each server process (`@fastify/rate-limit`'s in-memory store). The
 * refusal is the project's 429 `{status:false, message}` (see `plugins/errors.ts`), with
 * `Retry-After`.
 */
export const perPersonPerMinute = (max: number): { rateLimit: RateLimitOptions } => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    // the route's `onRequest` hooks run after the app's, so the caller is known by now
    keyGenerator: (request: FastifyRequest) => (request.user ? `person:${request.user.id}` : `address:${request.ip}`),
  },
});

import type { MessageKey } from './i18n/messages.js';

/** A refusal the caller should see: an HTTP status and a message key translated per request. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** headers the refusal carries (`Retry-After`) */
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'forbidden', params?: Record<string, string | number>) => new AppError(403, key, params);
export const notFound = (key: MessageKey = 'not_found') => new AppError(404, key);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) => new AppError(409, key, params);
export const unprocessable = (key: MessageKey, params?: Record<string, string | number>) => new AppError(422, key, params);
/** Too busy to serve the request now: 429, asking the caller to come back after `retryAfterSeconds`. */
export const busy = (key: MessageKey, retryAfterSeconds: number) =>
  new AppError(429, key, {}, { 'retry-after': String(retryAfterSeconds) });
/** A service the request depends on (NCANode, an OCSP responder) did not answer. */
export const unavailable = (key: MessageKey) => new AppError(503, key);

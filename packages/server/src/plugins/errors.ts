import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgErrorCode } from '../db/database.js';
import { AppError } from '../errors.js';
import { fieldLabel } from '../i18n/fields.js';
import { languageOf } from '../i18n/language.js';
import { isMessageKey, type MessageKey, translate } from '../i18n/messages.js';

type Issue = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };

/**
 * The message of a zod issue: the key the schema gave as its message, `required` for a value the
 * caller left out (`sent` is what they sent at the issue's path), else one by the issue's code.
 */
export function issueKey(issue: { code: string; message?: string }, sent: unknown): MessageKey {
  if (issue.message && isMessageKey(issue.message)) return issue.message;
  // a coerced number reports a missing value as NaN, like a wrong one: what was sent tells them apart
  if (issue.code === 'invalid_type' && (sent === undefined || /received undefined/.test(issue.message ?? ''))) return 'required';
  if (issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'invalid_type') return issue.code;
  return 'invalid_value';
}

/** The value at a validation issue's path (`/a/0/b`) in what the caller sent. */
function sentAt(data: unknown, instancePath: string): unknown {
  let value = data;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const STATUS_KEYS: Record<number, MessageKey> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'too_large',
  415: 'unsupported_type',
  429: 'rate_limited',
};

/** Seconds a caller is asked to wait (`Retry-After`) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

/** Node's errors for a database host that cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** How pg, pg-pool, PGlite and Kysely word a database that cannot be reached, where they give no code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end on the pool|PGlite is closed|driver has already been destroyed)/;

/**
 * The database cannot be reached or is going away: refused connections, a server shutting down or
 * starting (57P01–57P03), connection exceptions (class 08), too many connections, a pool that waited
 * too long for a connection or was ended, an embedded database that is closed, a database handle
 * already destroyed (the server stopping).
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const codes = [pgErrorCode(error), ...((error as { errors?: unknown[] } | null)?.errors ?? []).map(pgErrorCode)];
  if (codes.some((code) => code && (/^(08|57P0[123]$|53300$)/.test(code) || NETWORK_CODES.has(code)))) return true;
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_MESSAGES.test(message);
}

/**
 * PostgreSQL refusing a value the caller sent: a data exception (class 22: a number out of range, a
 * malformed date, a NUL byte…) or a value past a limit (class 54, e.g. too long for an index). The
 * schemas are meant to refuse such input first; this keeps anything they miss a 400, not a 500.
 */
function isRefusedValue(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && /^(22|54)[0-9A-Z]{3}$/.test(code);
}

/** The multipart parser (busboy) failing on a malformed body: no boundary, a part that never ends, a broken header. */
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (!/^multipart\//i.test(request.headers['content-type'] ?? '')) return false;
  return /^(Multipart: |Malformed part header|Unexpected end of (form|multipart data)|.* terminated early due to unexpected end of multipart data)/.test(
    error.message,
  );
}

export function sendSpaIndex(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/**
 * Refusals the router makes before any route or hook runs (Fastify's `frameworkErrors`): a path
 * whose percent-encoding is not UTF-8 (400), a path parameter past its length limit (414).
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOf(request.headers['accept-language']);
  return reply.status(error.statusCode ?? 400).send({ status: false, message: translate('bad_request', language) });
}

/** Every refusal leaves as `{status:false, message}` in the caller's language. */
export function registerErrorHandling(app: FastifyInstance, spaIndex: string | null) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'refused with a server error');
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ status: false, message: translate(error.key, language, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // the part of the request that failed, as sent: body, querystring, params or headers
      const sent = (request as unknown as Record<string, unknown>)[error.validationContext ?? 'body'];
      const fields = (error.validation as unknown as Issue[]).map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: translate(
          issueKey({ code: issue.keyword, message: issue.message }, sentAt(sent, issue.instancePath)),
          language,
          issue.params as Record<string, string | number>,
        ),
      }));
      // people read the field's label; clients match `fields[].path`, the API's name
      const summary = fields.map((f) => (f.path ? `${fieldLabel(f.path, language)} — ${f.message}` : f.message)).join('; ');
      return reply.status(400).send({ status: false, message: translate('validation', language, { fields: summary }), fields });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: false, message: translate('unavailable', language) });
    }
    if (isRefusedValue(error)) {
      request.log.warn({ err: error }, 'the database refused a value the schemas let through');
      return reply.status(400).send({ status: false, message: translate('value_not_storable', language) });
    }
    if (isMalformedMultipart(error, request)) {
      return reply.status(400).send({ status: false, message: translate('multipart_invalid', language) });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ status: false, message: translate('internal', language) });
    }
    return reply.status(statusCode).send({ status: false, message: translate(STATUS_KEYS[statusCode] ?? 'bad_request', language) });
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|files|upload|delete|problem|table)\b/.test(request.url);
    if (isPage && spaIndex) return sendSpaIndex(reply, spaIndex);
    const language = languageOf(request.headers['accept-language']);
    return reply.status(404).send({ status: false, message: translate('route_not_found', language) });
  });
}

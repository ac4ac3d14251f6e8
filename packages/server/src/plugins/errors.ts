import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

export function sendSpaIndex(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/** Every refusal leaves as `{status:false, message}` in the caller's language. */
export function registerErrorHandling(app: FastifyInstance, spaIndex: string | null) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'refused with a server error');
      return reply.status(error.statusCode).send({ status: false, message: translate(error.key, language, error.params) });
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

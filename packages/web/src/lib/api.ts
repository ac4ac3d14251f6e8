import i18n, { currentLanguage } from '../i18n';
import { clearSession, getSession } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A refused or failed call: the server's `message`, the HTTP status (0 when the server was not reached). */
export class ApiError extends Error {
  status: number;
  fields?: { path: string; message: string }[];

  constructor(message: string, status: number, fields?: { path: string; message: string }[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (fields) this.fields = fields;
  }
}

interface Envelope {
  status?: unknown;
  message?: unknown;
  fields?: unknown;
}

/**
 * Calls the API with the stored bearer token and the interface language. A JSON body is sent as
 * JSON, a FormData body as multipart. Throws ApiError when the HTTP status is not ok or the answer
 * says `status: false`. A 401 for a signed-in user ends the session (the route guards then go to '/').
 */
export async function api<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const session = getSession();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (session) headers.Authorization = `Bearer ${session.Token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch (cause) {
    const error = new ApiError(i18n.t('common:errors.network'), 0);
    error.cause = cause;
    throw error;
  }

  const text = await response.text();
  let json: unknown;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  const envelope = (json && typeof json === 'object' ? json : {}) as Envelope;

  // Only the session this call carried: another tab may have signed in again meanwhile.
  if (response.status === 401 && session && getSession()?.Token === session.Token) clearSession('expired');

  if (!response.ok || envelope.status === false) {
    const message =
      typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : i18n.t('common:errors.server', { status: response.status });
    const fields = Array.isArray(envelope.fields) ? (envelope.fields as ApiError['fields']) : undefined;
    throw new ApiError(message, response.status, fields);
  }
  return json as T;
}

import i18n, { currentLanguage } from '../i18n';
import { clearSession, getSession } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A refused or failed call: the server's `message`, the HTTP status (0 when the server was not reached). */
export class ApiError extends Error {
  status: number;
  fields?: { path: string; message: string }[];
  /** The parsed JSON of the refusal, for answers that carry more than a message (e.g. an import's per-row report). */
  body?: unknown;

  constructor(message: string, status: number, fields?: { path: string; message: string }[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (fields) this.fields = fields;
  }
}

/** What every answer carries: `status: false` with a message in the caller's language on refusal. */
export interface Envelope {
  status: boolean;
  message: string;
}

/** One page of a server-paged list (GET …?page=). */
export interface Paged<T> extends Envelope {
  data: T[];
  pages: number;
  total: number;
}

export type Created = Envelope & { data: { ID: number } };
/** A delete the server turned into archiving (the record is referenced by someone's history). */
export type Deleted = Envelope & { archived: boolean };

/** A record ID as the API takes it: a positive integer. */
export const isRecordId = (id: number | undefined): id is number => id !== undefined && Number.isInteger(id) && id > 0;

/**
 * The text to show for a failed call: the server's message (already in the user's language), also
 * when the refusal is the `cause` of another error (a photo refused after its person was saved).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const refusal = error instanceof ApiError ? error : error instanceof Error ? error.cause : undefined;
  return refusal instanceof ApiError && refusal.message ? refusal.message : fallback;
}

/** The headers every call carries: JSON accepted, the interface language, the bearer token when signed in. */
export function requestHeaders(token: string | undefined = getSession()?.Token): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Parses an answer's text as JSON; undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What an answer means: `null` when it succeeded, else the ApiError to throw (the server's
 * message, its per-field problems and the whole parsed body). A 401 for the session the call
 * carried ends that session (the route guards then go to '/').
 */
export function refusalOf(status: number, ok: boolean, json: unknown, sentToken: string | undefined): ApiError | null {
  const envelope = (json && typeof json === 'object' ? json : {}) as { status?: unknown; message?: unknown; fields?: unknown };

  // Only the session this call carried: another tab may have signed in again meanwhile.
  if (status === 401 && sentToken && getSession()?.Token === sentToken) clearSession('expired');

  if (ok && envelope.status !== false) return null;
  const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : i18n.t('common:errors.server', { status });
  const fields = Array.isArray(envelope.fields) ? (envelope.fields as ApiError['fields']) : undefined;
  const error = new ApiError(message, status, fields);
  if (json !== undefined) error.body = json;
  return error;
}

/**
 * Calls the API with the stored bearer token and the interface language. A JSON body is sent as
 * JSON, a FormData body as multipart. Throws ApiError when the HTTP status is not ok or the answer
 * says `status: false`. A 401 for a signed-in user ends the session (the route guards then go to '/').
 */
export async function api<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const token = getSession()?.Token;
  const headers = requestHeaders(token);

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

  const json = parseJson(await response.text());
  const refusal = refusalOf(response.status, response.ok, json, token);
  if (refusal) throw refusal;
  return json as T;
}

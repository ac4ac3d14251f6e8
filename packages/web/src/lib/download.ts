import i18n from '../i18n';
import { ApiError, parseJson, refusalOf, requestHeaders } from './api';
import { getSession } from './session';

/**
 * Downloads a file as a blob with the bearer token (a plain link cannot send it) and saves it under
 * the name `nameOf` picks from the response (the server's file name, or the record's own name when
 * the stored file has a generated one). Answers the name used.
 */
export async function downloadWithToken(path: string, nameOf: (response: Response) => string): Promise<string> {
  const response = await fetchWithToken(path);
  const name = nameOf(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // let the browser start the download before the address goes away
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

/**
 * GETs a file with the bearer token — or POSTs `json` for a file made from it (a preview); a refusal
 * throws ApiError with the server's message.
 */
export async function fetchWithToken(path: string, json?: unknown): Promise<Response> {
  const token = getSession()?.Token;
  const headers = requestHeaders(token);
  headers.Accept = '*/*';
  const post = json === undefined ? {} : { method: 'POST', body: JSON.stringify(json) };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { headers, ...post });
  } catch (cause) {
    const error = new ApiError(i18n.t('common:errors.network'), 0);
    error.cause = cause;
    throw error;
  }
  if (!response.ok) {
    const refusal = refusalOf(response.status, false, parseJson(await response.text()), token);
    throw refusal ?? new ApiError(i18n.t('common:errors.server', { status: response.status }), response.status);
  }
  return response;
}

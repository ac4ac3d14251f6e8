import i18n from '../../i18n';
import { ApiError, parseJson, refusalOf, requestHeaders } from '../../lib/api';
import { getSession } from '../../lib/session';
import { filenameFromDisposition } from './files';

/**
 * Downloads a file that needs the bearer token (a plain link cannot send it): fetched as a blob,
 * then saved under the server's file name.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<string> {
  const token = getSession()?.Token;
  const headers = requestHeaders(token);
  headers.Accept = '*/*';
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch (cause) {
    const error = new ApiError(i18n.t('common:errors.network'), 0);
    error.cause = cause;
    throw error;
  }
  if (!response.ok) {
    const refusal = refusalOf(response.status, false, parseJson(await response.text()), token);
    throw refusal ?? new ApiError(i18n.t('common:errors.server', { status: response.status }), response.status);
  }
  const blob = await response.blob();
  const name = filenameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
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

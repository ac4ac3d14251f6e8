import i18n from '../../i18n';
import { ApiError, parseJson, refusalOf, requestHeaders } from '../../lib/api';
import { getSession } from '../../lib/session';
import { filenameFromDisposition } from './files';

/** A share of the upload sent so far, 0–100. */
export type OnProgress = (percent: number) => void;

/**
 * POST multipart through XMLHttpRequest, because fetch cannot report upload progress. Same
 * headers and the same refusals as `api()`: an ApiError with the server's message and body.
 * Put the text fields in `form` BEFORE the file: the server reads fields that precede the file.
 */
export function postMultipart<T>(path: string, form: FormData, onProgress?: OnProgress, signal?: AbortSignal): Promise<T> {
  const token = getSession()?.Token;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(requestHeaders(token))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      const refusal = refusalOf(xhr.status, xhr.status >= 200 && xhr.status < 300, json, token);
      if (refusal) reject(refusal);
      else {
        onProgress?.(100);
        resolve(json as T);
      }
    };
    const failed = () => reject(new ApiError(i18n.t('common:errors.network'), 0));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

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

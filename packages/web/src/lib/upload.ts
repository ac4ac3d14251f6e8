import i18n from '../i18n';
import { ApiError, parseJson, refusalOf, requestHeaders } from './api';
import { getSession } from './session';

/** A share of the upload sent so far, 0–100. */
export type OnProgress = (percent: number) => void;

/**
 * POST multipart through XMLHttpRequest, because fetch cannot report upload progress. Same
 * headers and the same refusals as `api()`: an ApiError with the server's message and body; a 401
 * ends the session. Put the text fields in `form` BEFORE the file: the server reads fields that
 * precede the file.
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

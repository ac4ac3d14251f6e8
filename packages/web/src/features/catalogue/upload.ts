import i18n from '../../i18n';
import { ApiError, parseJson, refusalOf, requestHeaders } from '../../lib/api';
import { getSession } from '../../lib/session';

/**
 * A multipart POST that reports upload progress (fetch cannot), with the same headers and the same
 * refusals as `api()`: the bearer token and interface language go along; a non-ok status or
 * `status: false` throws ApiError with the server's message; a 401 ends the session.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  const token = getSession()?.Token;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(requestHeaders(token))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(i18n.t('common:errors.network'), 0));
    request.onload = () => {
      const json = parseJson(request.responseText);
      const refusal = refusalOf(request.status, request.status >= 200 && request.status < 300, json, token);
      if (refusal) {
        reject(refusal);
        return;
      }
      onProgress?.(1);
      resolve(json as T);
    };
    request.send(form);
  });
}

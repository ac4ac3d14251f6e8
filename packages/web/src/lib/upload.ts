import type { Endpoint, EndpointForm, EndpointResponse } from '@oqu/contracts';
import i18n from '../i18n';
import { ApiError, parseJson, refusalOf, requestHeaders } from './api';
import { type Args, endpointUrl, type UrlInput } from './endpoint';
import { getSession } from './session';

/** A share of the upload sent so far, 0–100. */
export type OnProgress = (percent: number) => void;

/** What an upload sends: its address's parts, its endpoint's form fields when it has some, and the file. */
export type UploadInput<E extends Endpoint> = UrlInput<E> &
  (EndpointForm<E> extends undefined ? { form?: undefined } : { form: EndpointForm<E> }) & {
    file: File;
    onProgress?: OnProgress;
    signal?: AbortSignal;
  };

/**
 * Sends a file to an upload endpoint of the contracts: its form fields first (the server judges an
 * upload by the fields that precede the file), then the file. The answer is typed by the endpoint's
 * 200 schema, and the share sent so far goes to `onProgress`.
 */
export function upload<E extends Endpoint>(definition: E, input: UploadInput<E>): Promise<EndpointResponse<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.form ?? {})) form.append(name, String(value));
  form.append('file', input.file, input.file.name);
  const url = endpointUrl(definition, ...([input] as Args<UrlInput<E>>));
  return postMultipart(url, form, input.onProgress, input.signal);
}

/**
 * POST multipart through XMLHttpRequest, because fetch cannot report upload progress. Same
 * headers and the same refusals as `api()`: an ApiError with the server's message and body; a 401
 * ends the session.
 */
function postMultipart<T>(path: string, form: FormData, onProgress?: OnProgress, signal?: AbortSignal): Promise<T> {
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

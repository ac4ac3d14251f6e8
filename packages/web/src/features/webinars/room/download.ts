import i18n from '../../../i18n';
import { ApiError, parseJson, refusalOf, requestHeaders } from '../../../lib/api';
import { getSession } from '../../../lib/session';

/**
 * Downloads a room document as a blob and saves it under its Name (learner-and-instructor.md §7:
 * documents are fetched by their path as a blob): the stored file has a generated name.
 */
export async function downloadDocument(path: string, name: string): Promise<void> {
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
    // the browser needs the address until the download has started
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

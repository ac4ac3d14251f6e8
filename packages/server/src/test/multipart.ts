import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer } from './app.js';

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, parts in the order given, for `app.inject`. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----oqu-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const head = `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
      chunks.push(Buffer.from(head), part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The `file` part of an upload. */
export const filePart = (data: Buffer, filename: string, contentType = 'application/octet-stream'): MultipartPart => ({
  name: 'file',
  filename,
  data,
  contentType,
});

/** POSTs `parts` to `url` as multipart/form-data, with a bearer token when one is given. */
export function postMultipart(
  app: FastifyInstance,
  url: string,
  parts: MultipartPart[],
  token?: string,
  headers: Record<string, string> = {},
) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}), ...headers },
  });
}

import type { FastifyReply } from 'fastify';
import type { ByteRange, Storage, StoredFile } from '../../plugins/storage.js';

/** One range asked for in a `Range` header. */
const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * What a `Range` header asks of a file of `size` bytes: one range within it (its end cut to the
 * file's), `'unsatisfiable'` when the range begins past the end (or the file is empty), or null to
 * send the whole file — no header, another unit, several ranges or a malformed one (RFC 9110 lets a
 * server ignore those).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return null;
  const [, first, last] = match;
  if (first === '') {
    // `-n`: the last n bytes
    if (last === '') return null;
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** A stored file as a `Range` header asks for it, or the size it cannot satisfy. */
export type RangedFile = StoredFile | { unsatisfiable: true; size: number };

/**
 * Reads the file at `key` as `rangeHeader` asks: only its range (`range` set), the whole file, or
 * `unsatisfiable` with its size; null when there is no such file.
 */
export async function readRanged(storage: Storage, key: string, rangeHeader?: string): Promise<RangedFile | null> {
  let range: ByteRange | undefined;
  if (rangeHeader) {
    const size = await storage.size(key);
    if (size === null) return null;
    const asked = byteRangeOf(rangeHeader, size);
    if (asked === 'unsatisfiable') return { unsatisfiable: true, size };
    range = asked ?? undefined;
  }
  return storage.read(key, range);
}

/**
 * Sends a file read by `readRanged` with `contentType` and `headers`: 206 with its Content-Range for
 * a range, 416 for one past the end, else 200; players and download managers fetch big files in
 * ranges (a video's seek, a resumed download).
 */
export function sendRanged(reply: FastifyReply, found: RangedFile, contentType: string, headers: Record<string, string>) {
  reply.header('accept-ranges', 'bytes');
  if ('unsatisfiable' in found) return reply.code(416).header('content-range', `bytes */${found.size}`).send();
  const { range } = found;
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${found.size}`);
  return reply
    .type(contentType)
    .header('content-length', range ? range.end - range.start + 1 : found.size)
    .headers(headers)
    .send(found.stream);
}

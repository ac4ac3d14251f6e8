import type { ByteRange } from '../../plugins/storage.js';

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

/**
 * A few DER elements read in place, without building objects for what is inside them: for what
 * asn1js is too slow or too limited for (a national CRL's 500,000 entries, a CMS's certificate count
 * before anything in it is parsed).
 */
export interface Tlv {
  tag: number;
  /** where the content starts and ends; `end` is also where the next element starts */
  start: number;
  end: number;
}

export class DerError extends Error {}

/** The DER element at `offset` (definite lengths only), within `limit`. */
export function tlvAt(der: Uint8Array, offset: number, limit: number): Tlv {
  if (offset + 2 > limit) throw new DerError('truncated');
  const tag = der[offset];
  let length = der[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + der[start + i];
    start += count;
  }
  const end = start + length;
  if (end > limit) throw new DerError('truncated');
  return { tag, start, end };
}

export const ofTag = (element: Tlv, tag: number) => {
  if (element.tag !== tag) throw new DerError(`expected tag ${tag}, found ${element.tag}`);
  return element;
};

/** The elements inside a constructed element, in order. */
export function childrenOf(der: Uint8Array, parent: Tlv): Tlv[] {
  const children: Tlv[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const child = tlvAt(der, at, parent.end);
    children.push(child);
    at = child.end;
  }
  return children;
}

import { createPrivateKey, sign } from 'node:crypto';
import type { CertificateAuthority } from '@oqu/contracts/signing';
import { Certificate } from 'pkijs';

/** A DER element: tag, length, content. */
function tlv(tag: number, content: Uint8Array): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), content]);
}

const utcTime = (date: Date) => tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'latin1'));
const integer = (hex: string) => {
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  return tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
};
const extension = (oid: number[], value: Buffer) => tlv(0x30, Buffer.concat([tlv(0x06, Buffer.from(oid)), tlv(0x04, value)]));
/** sha256WithRSAEncryption, NULL parameters */
const SHA256_WITH_RSA = tlv(0x30, Buffer.concat([tlv(0x06, Buffer.from([42, 134, 72, 134, 247, 13, 1, 1, 11])), Buffer.from([5, 0])]));
const ENTRY_BYTES = 27;

export interface LargeCrlOptions {
  /** entries with serials of the filler kind (8 bytes, 10 00 … i), besides `revoked` */
  count: number;
  /** serials (hex) listed too, at the end, with a reasonCode (RFC 5280 §5.3.1) when given */
  revoked?: (string | { serial: string; reason: number })[];
  number?: number;
  /** a delta CRL of this base CRL number */
  deltaOf?: number;
  thisUpdate?: Date;
  nextUpdate?: Date;
}

/** The serial (hex) of the i-th filler entry of makeLargeCrl. */
export const fillerSerial = (i: number) => `10000000${i.toString(16).padStart(8, '0')}`;

/**
 * A CRL of `count` entries and more, signed by `authority` with SHA-256 and RSA, written directly as
 * DER (pkijs builds 500,000 entries far too slowly): what NCA RK's national CRLs are like in size.
 */
export function makeLargeCrl(authority: CertificateAuthority, options: LargeCrlOptions): Buffer {
  const thisUpdate = options.thisUpdate ?? new Date(Date.now() - 3_600_000);
  const nextUpdate = options.nextUpdate ?? new Date(thisUpdate.getTime() + 7 * 86_400_000);
  const revocationDate = utcTime(thisUpdate);
  const fillers = Buffer.alloc(options.count * ENTRY_BYTES);
  for (let i = 0; i < options.count; i += 1) {
    const at = i * ENTRY_BYTES;
    // SEQUENCE (25) { INTEGER (8) 10 00 00 00 i, UTCTime }
    fillers.set([0x30, 25, 0x02, 8, 0x10], at);
    fillers.writeUInt32BE(i, at + 8);
    revocationDate.copy(fillers, at + 12);
  }
  const listed = (options.revoked ?? []).map((entry) => {
    const { serial, reason } = typeof entry === 'string' ? { serial: entry, reason: undefined } : entry;
    const reasonCode = reason === undefined ? [] : [tlv(0x30, extension([85, 29, 21], tlv(0x0a, Buffer.from([reason]))))];
    return tlv(0x30, Buffer.concat([integer(serial), revocationDate, ...reasonCode]));
  });
  const extensions = [extension([85, 29, 20], integer((options.number ?? 1).toString(16)))];
  if (options.deltaOf !== undefined) extensions.push(extension([85, 29, 27], integer(options.deltaOf.toString(16))));
  const issuer = Buffer.from(Certificate.fromBER(authority.certificateDer).subject.toSchema().toBER(false));
  const tbs = tlv(
    0x30,
    Buffer.concat([
      Buffer.from([0x02, 0x01, 0x01]),
      SHA256_WITH_RSA,
      issuer,
      utcTime(thisUpdate),
      utcTime(nextUpdate),
      tlv(0x30, Buffer.concat([fillers, ...listed])),
      tlv(0xa0, tlv(0x30, Buffer.concat(extensions))),
    ]),
  );
  const key = createPrivateKey({ key: Buffer.from(authority.privateKeyPkcs8), format: 'der', type: 'pkcs8' });
  const signature = sign('sha256', tbs, key);
  return tlv(0x30, Buffer.concat([tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature]))]));
}

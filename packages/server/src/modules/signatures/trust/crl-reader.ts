import { createHash } from 'node:crypto';
import { fromBER, GeneralizedTime, Integer, UTCTime } from 'asn1js';
import { AlgorithmIdentifier, Extensions, RelativeDistinguishedNames } from 'pkijs';
import { DerError, ofTag, type Tlv, tlvAt } from '../der.js';
import { SerialSet } from './serial-set.js';
import { authorityKeyIdOf } from './x509.js';

/**
 * A CRL as the trust checks need it. NCA RK's full CRLs list hundreds of thousands of serials, which
 * asn1js refuses to parse (it stops at 10,000 elements, about 3,300 entries): the revoked serials are
 * read by walking the DER here, and only the small parts (issuer, dates, extensions) go to pkijs.
 */
export interface ReadCrl {
  /** the DER of tbsCertList: what the authority's signature covers */
  tbs: Uint8Array;
  signatureAlgorithm: string;
  signature: Uint8Array;
  issuer: RelativeDistinguishedNames;
  authorityKeyId: string | null;
  thisUpdate: Date;
  nextUpdate: Date | null;
  /** cRLNumber, decimal */
  number: string | null;
  /** a delta CRL (deltaCRLIndicator): lists what was revoked since its base CRL */
  isDelta: boolean;
  /** the revoked serials: looked up, never scanned */
  revoked: SerialSet;
  sha256: string;
}

const TAG = { integer: 0x02, bitString: 0x03, utcTime: 0x17, generalizedTime: 0x18, sequence: 0x30, extensions: 0xa0 };
const OID = { crlNumber: '2.5.29.20', deltaCrlIndicator: '2.5.29.27' };
/** id-ce-cRLReasons (2.5.29.21) as DER content bytes, and the reason that is no revocation: removeFromCRL */
const REASON_CODE_OID = Buffer.from([0x55, 0x1d, 0x15]);
const REMOVE_FROM_CRL = 8;
/** entries walked between two turns of the event loop: a 500,000-entry CRL never holds it for long */
const ENTRIES_PER_TURN = 10_000;

const timeOf = (der: Uint8Array, offset: number, element: Tlv): Date => {
  const time = fromBER(der.slice(offset, element.end)).result;
  if (!(time instanceof UTCTime) && !(time instanceof GeneralizedTime)) throw new DerError('bad time');
  return time.toDate();
};

const isTime = (element: Tlv) => element.tag === TAG.utcTime || element.tag === TAG.generalizedTime;

/** Whether a revoked entry's extensions say removeFromCRL: the certificate is no longer on hold. */
function removedFromCrl(der: Uint8Array, extensions: Tlv): boolean {
  for (let at = extensions.start; at < extensions.end; ) {
    const extension = ofTag(tlvAt(der, at, extensions.end), TAG.sequence);
    at = extension.end;
    const id = tlvAt(der, extension.start, extension.end);
    if (!Buffer.from(der.buffer, der.byteOffset + id.start, id.end - id.start).equals(REASON_CODE_OID)) continue;
    // extnValue: the last element, an OCTET STRING holding ENUMERATED
    let value = tlvAt(der, id.end, extension.end);
    if (value.end < extension.end) value = tlvAt(der, value.end, extension.end);
    const reason = tlvAt(der, value.start, value.end);
    return reason.end - reason.start === 1 && der[reason.start] === REMOVE_FROM_CRL;
  }
  return false;
}

/**
 * Adds the serials of revokedCertificates to `revoked`, yielding to the event loop now and then. The
 * hot loop of a national CRL: each entry is read in place, without an object per element.
 */
async function readEntries(der: Uint8Array, list: Tlv, revoked: SerialSet): Promise<void> {
  let entries = 0;
  for (let at = list.start; at < list.end; ) {
    const entry = ofTag(tlvAt(der, at, list.end), TAG.sequence);
    at = entry.end;
    // the serial: INTEGER of at most 20 bytes (RFC 5280 §4.1.2.2), so a one-byte length
    const start = entry.start + 2;
    const end = start + der[entry.start + 1];
    if (der[entry.start] !== TAG.integer || der[entry.start + 1] > 0x7f || end > entry.end) throw new DerError('bad serial');
    // the revocationDate: a time, then crlEntryExtensions when the entry goes on
    const dateEnd = end + 2 + der[end + 1];
    if ((der[end] !== TAG.utcTime && der[end] !== TAG.generalizedTime) || dateEnd > entry.end) throw new DerError('bad revocationDate');
    if (dateEnd === entry.end || !removedFromCrl(der, ofTag(tlvAt(der, dateEnd, entry.end), TAG.sequence))) {
      revoked.add(der, start, end);
    }
    entries += 1;
    if (entries % ENTRIES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Reads a DER CRL of any size: the revoked serials into a set, the rest through pkijs. Yields to the
 * event loop every ENTRIES_PER_TURN entries. Throws on anything that is not a well-formed v1/v2 CRL.
 * Whether its signature holds is the caller's check (`tbs`, `signature` and the issuer's key).
 */
export async function readCrl(der: Uint8Array): Promise<ReadCrl> {
  const outer = ofTag(tlvAt(der, 0, der.length), TAG.sequence);
  if (outer.end !== der.length) throw new DerError('trailing bytes');
  const tbsOffset = outer.start;
  const tbs = ofTag(tlvAt(der, tbsOffset, outer.end), TAG.sequence);
  const algorithmOffset = tbs.end;
  const algorithm = ofTag(tlvAt(der, algorithmOffset, outer.end), TAG.sequence);
  const signatureValue = ofTag(tlvAt(der, algorithm.end, outer.end), TAG.bitString);
  if (signatureValue.end !== outer.end || signatureValue.end === signatureValue.start) throw new DerError('bad signature');

  let at = tbs.start;
  /** the next element of tbsCertList, if any */
  const next = () => (at < tbs.end ? tlvAt(der, at, tbs.end) : null);
  let element = next();
  if (element?.tag === TAG.integer) {
    at = element.end;
    element = next();
  }
  // the signature algorithm again, inside what is signed
  at = ofTag(element ?? { tag: -1, start: at, end: at }, TAG.sequence).end;
  const issuerElement = ofTag(tlvAt(der, at, tbs.end), TAG.sequence);
  const issuer = RelativeDistinguishedNames.fromBER(der.slice(at, issuerElement.end));
  at = issuerElement.end;
  const thisUpdateElement = tlvAt(der, at, tbs.end);
  if (!isTime(thisUpdateElement)) throw new DerError('no thisUpdate');
  const thisUpdate = timeOf(der, at, thisUpdateElement);
  at = thisUpdateElement.end;

  let nextUpdate: Date | null = null;
  element = next();
  if (element && isTime(element)) {
    nextUpdate = timeOf(der, at, element);
    at = element.end;
    element = next();
  }
  // entries take 20 bytes at the very least, NCA RK's some 40: rarely more than one doubling
  const revoked = new SerialSet(element?.tag === TAG.sequence ? Math.ceil((element.end - element.start) / 32) : 0);
  if (element?.tag === TAG.sequence) {
    await readEntries(der, element, revoked);
    at = element.end;
    element = next();
  }
  let extensions: Extensions | null = null;
  if (element) {
    ofTag(element, TAG.extensions);
    extensions = Extensions.fromBER(der.slice(element.start, element.end));
    at = element.end;
  }
  if (at !== tbs.end) throw new DerError('trailing bytes in tbsCertList');

  const list = extensions?.extensions ?? [];
  const number = list.find((e) => e.extnID === OID.crlNumber)?.parsedValue;
  return {
    tbs: der.subarray(tbsOffset, tbs.end),
    signatureAlgorithm: AlgorithmIdentifier.fromBER(der.slice(algorithmOffset, algorithm.end)).algorithmId,
    // a BIT STRING's first content byte counts its unused bits: a signature has none
    signature: der.subarray(signatureValue.start + 1, signatureValue.end),
    issuer,
    authorityKeyId: authorityKeyIdOf(list),
    thisUpdate,
    nextUpdate,
    number: number instanceof Integer ? BigInt(`0x${Buffer.from(number.valueBlock.valueHexView).toString('hex') || '0'}`).toString() : null,
    isDelta: list.some((e) => e.extnID === OID.deltaCrlIndicator),
    revoked,
    sha256: createHash('sha256').update(der).digest('hex'),
  };
}

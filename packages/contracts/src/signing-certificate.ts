import { BitString } from 'asn1js';
import { Certificate } from 'pkijs';

/**
 * What a signing certificate says about its holder, read the same way by the browser (before it
 * signs, to refuse early) and by the server (when it verifies). Read with pkijs: its strings decode
 * UTF8String and BMPString properly, so Cyrillic and Kazakh names come out right.
 */
export interface SigningCertificate {
  /** the subject's common name, else SURNAME and GIVENNAME */
  holder: string;
  surname: string;
  givenName: string;
  /** 12 digits from the subject's serialNumber "IIN…", '' when it has none */
  iin: string;
  /** the certificate's serial number, lower-case hex */
  serial: string;
  validFrom: Date;
  validTo: Date;
  /** the key usages the certificate names ('digitalSignature', 'nonRepudiation', …); empty when it names none */
  usages: KeyUsageName[];
  /** the key's algorithm: Kazakh (1.2.398.3.10.*) or Russian (1.2.643.*) GOST */
  isGost: boolean;
  /** the subject public key's algorithm OID */
  keyAlgorithm: string;
}

/** KeyUsage bits in their order (RFC 5280 §4.2.1.3). */
export const KEY_USAGES = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;
export type KeyUsageName = (typeof KEY_USAGES)[number];

/** Why a certificate cannot sign a report card; each is a message key on both sides. */
export type CertificateRefusal =
  | 'signature_iin_mismatch'
  | 'certificate_expired'
  | 'certificate_not_yet_valid'
  | 'certificate_not_for_signing'
  | 'gost_not_supported';

const OID = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  givenName: '2.5.4.42',
  keyUsage: '2.5.29.15',
};

/** Kazakh GOST (NCA RK) and Russian GOST algorithm arcs. */
export const isGostAlgorithm = (oid: string) => oid.startsWith('1.2.398.3.10.') || oid.startsWith('1.2.643.');

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function keyUsagesOf(certificate: Certificate): KeyUsageName[] {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.keyUsage);
  const bits = extension?.parsedValue;
  if (!(bits instanceof BitString)) return [];
  const bytes = bits.valueBlock.valueHexView;
  return KEY_USAGES.filter((_, bit) => ((bytes[bit >> 3] ?? 0) & (0x80 >> (bit & 7))) !== 0);
}

/** Reads a DER X.509 certificate; throws when the bytes are not one. */
export function readSigningCertificate(der: BufferSource): SigningCertificate {
  const certificate = Certificate.fromBER(der);
  const subject = (type: string) => {
    const found = certificate.subject.typesAndValues.find((t) => t.type === type);
    const value = found?.value.valueBlock.value;
    return typeof value === 'string' ? value.trim() : '';
  };
  const surname = subject(OID.surname);
  const givenName = subject(OID.givenName);
  const iin = /^IIN(\d{12})$/.exec(subject(OID.serialNumber))?.[1] ?? '';
  const keyAlgorithm = certificate.subjectPublicKeyInfo.algorithm.algorithmId;
  return {
    holder: subject(OID.commonName) || [surname, givenName].filter(Boolean).join(' '),
    surname,
    givenName,
    iin,
    serial: hex(certificate.serialNumber.valueBlock.valueHexView).replace(/^(00)+(?=.)/, ''),
    validFrom: certificate.notBefore.value,
    validTo: certificate.notAfter.value,
    usages: keyUsagesOf(certificate),
    isGost: isGostAlgorithm(keyAlgorithm),
    keyAlgorithm,
  };
}

/**
 * The reasons this certificate may not sign for the examiner with this IIN at `now`, in the order
 * the screen lists them; empty when it may. Only a certificate with nonRepudiation signs: NCA RK
 * issues signing keys (RSA_…, GOSTKNCA_…) with digitalSignature and nonRepudiation, and
 * authentication keys (AUTH_…) with digitalSignature and keyEncipherment, which must not sign a
 * document. GOST keys are refused where nothing can sign or verify with them (`gost: false`: the
 * browser's own PKCS#12 path).
 */
export function certificateRefusals(
  certificate: SigningCertificate,
  examinerIin: string,
  now: Date,
  options: { gost: boolean } = { gost: false },
): CertificateRefusal[] {
  const refusals: CertificateRefusal[] = [];
  if (certificate.isGost && !options.gost) refusals.push('gost_not_supported');
  if (certificate.iin !== examinerIin) refusals.push('signature_iin_mismatch');
  if (now < certificate.validFrom) refusals.push('certificate_not_yet_valid');
  if (now > certificate.validTo) refusals.push('certificate_expired');
  if (!certificate.usages.includes('nonRepudiation')) {
    refusals.push('certificate_not_for_signing');
  }
  return refusals;
}

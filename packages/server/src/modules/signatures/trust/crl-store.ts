import { Integer } from 'asn1js';
import { type Certificate, CertificateRevocationList } from 'pkijs';
import type { RevocationEvidence } from '../../../db/schema.js';
import { DirectoryFiles, derObjectsOf } from './directory-files.js';
import { authorityKeyIdOf, commonNameOf, namesIssuer, sha256Hex, verifyAuthoritySignature } from './x509.js';

const OID = { crlNumber: '2.5.29.20', deltaCrlIndicator: '2.5.29.27' };

interface StoredCrl {
  crl: CertificateRevocationList;
  sha256: string;
  number: string | null;
  /** a delta CRL lists only what was revoked since its base: it adds revocations, never covers alone */
  isDelta: boolean;
  /** NCA RK's CRLs list hundreds of thousands of serials: looked up, not scanned, at each signature */
  revoked: Set<string>;
  /** whether its signature verifies with a key (the SPKI's SHA-256): verified once per file and key */
  verifiedWith: Map<string, boolean>;
}

export type CrlStatus = { status: 'revoked' } | { status: 'good'; evidence: RevocationEvidence & { method: 'crl' } };

const serialHex = (serial: Integer) =>
  Buffer.from(serial.valueBlock.valueHexView)
    .toString('hex')
    .replace(/^(00)+(?=.)/, '');

function readCrl(der: Uint8Array<ArrayBuffer>): StoredCrl {
  const crl = CertificateRevocationList.fromBER(der);
  const extensions = crl.crlExtensions?.extensions ?? [];
  const number = extensions.find((e) => e.extnID === OID.crlNumber)?.parsedValue;
  return {
    crl,
    sha256: sha256Hex(der),
    number: number instanceof Integer ? BigInt(`0x${serialHex(number)}`).toString() : null,
    isDelta: extensions.some((e) => e.extnID === OID.deltaCrlIndicator),
    revoked: new Set((crl.revokedCertificates ?? []).map((entry) => serialHex(entry.userCertificate))),
    verifiedWith: new Map(),
  };
}

/**
 * The CRLs in the CRL directories (DER or PEM), reread when a file changes. A CRL counts for an
 * authority when it names the authority (and its key identifier), is current (thisUpdate ≤ now ≤
 * nextUpdate) and its signature verifies with the authority's certificate (RSA, ECDSA or NCA RK GOST).
 */
export class CrlStore {
  private readonly files: DirectoryFiles<StoredCrl>;

  constructor(directories: string[]) {
    this.files = new DirectoryFiles(directories, (bytes) => derObjectsOf(bytes, 'X509 CRL').map(readCrl));
  }

  /** Whether a current CRL of `issuer` lists `certificate`; null when none covers it. */
  async statusOf(certificate: Certificate, issuer: Certificate, now: Date): Promise<CrlStatus | null> {
    const key = sha256Hex(new Uint8Array(issuer.subjectPublicKeyInfo.toSchema().toBER(false)));
    const current = (await this.files.read()).filter((stored) => {
      const { crl } = stored;
      const nextUpdate = crl.nextUpdate?.value;
      return (
        namesIssuer(issuer, crl.issuer, authorityKeyIdOf(crl.crlExtensions?.extensions)) &&
        crl.thisUpdate.value <= now &&
        nextUpdate !== undefined &&
        now <= nextUpdate &&
        signedWith(stored, key, issuer)
      );
    });
    const complete = current.filter((stored) => !stored.isDelta);
    if (complete.length === 0) return null;
    const serial = serialHex(certificate.serialNumber);
    if (current.some(({ revoked }) => revoked.has(serial))) {
      return { status: 'revoked' };
    }
    const newest = complete.reduce((a, b) => (b.crl.thisUpdate.value > a.crl.thisUpdate.value ? b : a));
    return {
      status: 'good',
      evidence: {
        method: 'crl',
        issuer: commonNameOf(newest.crl.issuer),
        number: newest.number,
        thisUpdate: newest.crl.thisUpdate.value.toISOString(),
        nextUpdate: newest.crl.nextUpdate?.value.toISOString() ?? null,
        sha256: newest.sha256,
      },
    };
  }
}

function signedWith(stored: StoredCrl, key: string, issuer: Certificate): boolean {
  let verified = stored.verifiedWith.get(key);
  if (verified === undefined) {
    const { crl } = stored;
    const signature = crl.signatureValue.valueBlock.valueHexView;
    verified = verifyAuthoritySignature(crl.tbsView, crl.signatureAlgorithm.algorithmId, signature, issuer.subjectPublicKeyInfo) === true;
    stored.verifiedWith.set(key, verified);
  }
  return verified;
}

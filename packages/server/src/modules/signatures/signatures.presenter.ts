import { type ExamSignature, examEndpoints } from '@oqu/contracts';
import type { RevocationEvidence } from '../../db/schema.js';
import type { SignatureRecord } from './signatures.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();
/** An endpoint's address for one record: `::` is the literal colon of `id:{id}` paths. */
const pathOf = (path: string, id: number) => path.replace(/::|:id\b/g, (part) => (part === '::' ? ':' : String(id)));

/** The revocation evidence in a line: which CRL, which OCSP answer, or that none was had. */
export function describeRevocation(evidence: RevocationEvidence): string {
  switch (evidence.method) {
    case 'crl':
      return `CRL ${evidence.issuer}${evidence.number ? ` №${evidence.number}` : ''}, ${evidence.thisUpdate}`;
    case 'ocsp':
      return `OCSP ${evidence.url}: good, ${evidence.producedAt}`;
    case 'ncanode':
      return `NCANode ${evidence.url}`;
    case 'unknown':
      return evidence.reason ? `unknown: ${evidence.reason}` : 'unknown';
  }
}

export function toExamSignature(row: SignatureRecord): ExamSignature {
  return {
    ID: row.id,
    ExamenatorID: row.examiner_id,
    Fullname: row.signer_name,
    IIN: row.signer_iin,
    Serial: row.certificate_serial,
    ValidFrom: iso(row.valid_from),
    ValidTo: iso(row.valid_to),
    SignedAt: iso(row.signed_at),
    KeyFamily: row.key_family,
    Issuer: row.issuer,
    VerifiedAt: iso(row.verified_at),
    Revocation: describeRevocation(row.revocation),
    Path: pathOf(examEndpoints.signatureFile.path, row.id),
    PdfPath: pathOf(examEndpoints.signedPdf.path, row.id),
  };
}

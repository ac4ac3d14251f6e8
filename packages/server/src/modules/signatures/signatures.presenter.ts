import { type ExamSignature, examEndpoints } from '@oqu/contracts';
import type { SignatureRecord } from './signatures.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();
/** An endpoint's address for one record: `::` is the literal colon of `id:{id}` paths. */
const pathOf = (path: string, id: number) => path.replace(/::|:id\b/g, (part) => (part === '::' ? ':' : String(id)));

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
    Path: pathOf(examEndpoints.signatureFile.path, row.id),
    PdfPath: pathOf(examEndpoints.signedPdf.path, row.id),
  };
}

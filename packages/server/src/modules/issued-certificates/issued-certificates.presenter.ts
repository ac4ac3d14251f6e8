import type { IssuedCertificate, TraineeCertificate, VerifiedCertificate } from '@oqu/contracts';
import type { IssuedCertificateRecord } from './issued-certificates.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Only the last four digits show to whoever holds the code: ********1234. */
export const maskIin = (iin: string) => `${'*'.repeat(Math.max(0, iin.length - 4))}${iin.slice(-4)}`;

/** YYYY-MM-DD → DD.MM.YYYY, as the certificate prints it. */
export const printedDate = (day: string) => day.split('-').reverse().join('.');

export const pdfPath = (code: string) => `/api/verify/${code}/pdf`;
export const docxPath = (code: string) => `/api/verify/${code}/docx`;

export function toTraineeCertificate(row: IssuedCertificateRecord): TraineeCertificate {
  return {
    ID: row.id,
    Number: row.number,
    Plan: row.plan_name,
    Type: row.exam_type,
    Date: row.issued_on,
    Code: row.code,
    Path: pdfPath(row.code),
    // a revoked certificate's Word file is refused (410): no mark would hold on an editable file
    DocxPath: row.docx_key && row.revoked_at === null ? docxPath(row.code) : null,
    Revoked: row.revoked_at !== null,
  };
}

export function toIssuedCertificate(row: IssuedCertificateRecord & { exam_name: string }): IssuedCertificate {
  return {
    ...toTraineeCertificate(row),
    UserID: row.user_id,
    Fullname: row.holder_name,
    IIN: row.holder_iin,
    Exam: row.exam_name,
    ExamID: row.exam_id,
    RevokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    RevokeReason: row.revoke_reason,
  };
}

/** Who issued the certificate: as kept at issue, else (issued before it was kept) the organisation now. */
export const organisationOf = (row: Pick<IssuedCertificateRecord, 'organisation'>, current: string) => row.organisation || current;

/** `today`: YYYY-MM-DD in ORG_TIMEZONE, against the certificate's term. */
export function toVerified(
  row: IssuedCertificateRecord,
  signers: { signer_name: string; signed_at: Date | string }[],
  organisation: string,
  today: string,
): VerifiedCertificate {
  const expired = row.valid_until !== null && row.valid_until < today;
  return {
    Valid: row.revoked_at === null && !expired,
    Number: row.number,
    Fullname: row.holder_name,
    IIN: maskIin(row.holder_iin),
    Plan: row.plan_name,
    Type: row.exam_type,
    Date: row.issued_on,
    RevokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    Examiners: signers.map((s) => ({ Fullname: s.signer_name, SignedAt: iso(s.signed_at) })),
    Organisation: organisationOf(row, organisation),
    Exam: row.exam_name,
    ExamDate: row.exam_date,
    Chair: row.chair_name,
    ValidUntil: row.valid_until,
    Expired: expired,
  };
}

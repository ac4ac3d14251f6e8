import { z } from 'zod';
import { envelope, pagedEnvelope, pageQuery } from './common.js';
import { cleanText, searchText } from './input.js';

/**
 * Certificates issued to trainees after a fully signed exam, and their public verification
 * (issue «Results»; admin-back-office.md §2 certificates, §3 Certificate).
 */

/**
 * What /verify/{…} takes: the verification code printed on a certificate and in its QR (26
 * characters of base32, 128 bits), or the certificate's number as printed on it
 * (ORG-YYYY-000123: ORG_CODE, the year of issue, six digits or more), in either case of letters.
 */
export const verificationKey = z
  .string()
  .trim()
  .max(30, 'verification_code')
  .regex(/^(?:[a-z2-7]{26}|[a-z0-9]{2,10}-\d{4}-\d{6,9})$/i, 'verification_code')
  .transform((v) => (v.includes('-') ? v.toUpperCase() : v.toLowerCase()));
export const verificationParam = z.object({ code: verificationKey });

/**
 * Where a field is laid over a PDF or image template: `X` and `Y` are the top-left corner as
 * fractions of the page's width and height (0 left/top … 1 right/bottom); `Size` is the font size in
 * points for text, the side as a fraction of the page width for the QR code.
 */
export const layoutPoint = z.object({
  X: z.number().min(0).max(1),
  Y: z.number().min(0).max(1),
  Size: z.number().positive().max(200),
});
export const CERTIFICATE_LAYOUT_FIELDS = ['Fullname', 'IIN', 'Plan', 'Type', 'Date', 'Number', 'QR'] as const;
export type CertificateLayoutField = (typeof CERTIFICATE_LAYOUT_FIELDS)[number];
export const certificateLayout = z.object({
  Fullname: layoutPoint,
  IIN: layoutPoint,
  Plan: layoutPoint,
  Type: layoutPoint,
  Date: layoutPoint,
  Number: layoutPoint,
  QR: layoutPoint.extend({ Size: z.number().min(0.05).max(0.5) }),
});
export type CertificateLayout = z.infer<typeof certificateLayout>;

/** The layout used when a template has none (and for the PDF made beside a DOCX template): A4 landscape. */
export const DEFAULT_CERTIFICATE_LAYOUT: CertificateLayout = {
  Fullname: { X: 0.12, Y: 0.38, Size: 26 },
  IIN: { X: 0.12, Y: 0.46, Size: 12 },
  Plan: { X: 0.12, Y: 0.53, Size: 16 },
  Type: { X: 0.12, Y: 0.6, Size: 12 },
  Date: { X: 0.12, Y: 0.78, Size: 12 },
  Number: { X: 0.12, Y: 0.83, Size: 12 },
  QR: { X: 0.74, Y: 0.6, Size: 0.16 },
};

/** GET /api/cer/user: the caller's certificates. `Path` downloads the PDF; `DocxPath` the filled DOCX template. */
export const traineeCertificate = z.object({
  ID: z.number().int(),
  Number: z.string().describe('ORG-YYYY-000123, unique in the organisation'),
  Plan: z.string(),
  Type: z.string().describe('the exam type'),
  Date: z.string().describe('day of issue, YYYY-MM-DD in ORG_TIMEZONE'),
  Code: z.string().describe('verification code: /verify/{Code}'),
  Path: z.string().describe('the certificate PDF'),
  DocxPath: z.string().nullable().describe('the filled DOCX template, when the template is a DOCX'),
  Revoked: z.boolean(),
});
export type TraineeCertificate = z.infer<typeof traineeCertificate>;
export const traineeCertificatesResponse = envelope({ data: z.array(traineeCertificate) });

/** GET /api/cer/issued: every certificate, newest first, searched by number, holder, IIN or plan. */
export const issuedCertificatesQuery = pageQuery.extend({ search: searchText });
export const issuedCertificate = traineeCertificate.extend({
  UserID: z.number().int(),
  Fullname: z.string(),
  IIN: z.string(),
  Exam: z.string(),
  ExamID: z.number().int(),
  RevokedAt: z.string().nullable(),
  RevokeReason: z.string().nullable(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificate>;
export const issuedCertificatesPage = pagedEnvelope(issuedCertificate);
export type IssuedCertificatesPage = z.infer<typeof issuedCertificatesPage>;

/** POST /api/cer/revoke/id:{id}: irreversible, audited. */
export const revokeCertificateRequest = z.object({
  Reason: cleanText().trim().min(3, 'revoke_reason_length').max(500, 'revoke_reason_length'),
});
export type RevokeCertificateRequest = z.infer<typeof revokeCertificateRequest>;

/** GET /api/verify/{code or number}: public; 404 for an unknown one. The IIN is masked to its last 4 digits. */
export const verifiedCertificate = z.object({
  Valid: z.boolean().describe('false once revoked or past its validity'),
  Number: z.string(),
  Fullname: z.string(),
  IIN: z.string().describe('masked: ********1234'),
  Plan: z.string(),
  Type: z.string(),
  Date: z.string(),
  RevokedAt: z.string().nullable(),
  Examiners: z.array(z.object({ Fullname: z.string(), SignedAt: z.string() })),
  Organisation: z.string(),
  Exam: z.string().nullable().describe('the exam as named at issue; null on certificates issued before it was kept'),
  ExamDate: z.string().nullable().describe('the exam’s day, YYYY-MM-DD in ORG_TIMEZONE'),
  Chair: z.string().nullable().describe('the chair of the examination commission, as named at issue'),
  ValidUntil: z.string().nullable().describe('last day of validity, YYYY-MM-DD; null: without a term'),
  Expired: z.boolean().describe('past ValidUntil (Valid is then false too)'),
});
export type VerifiedCertificate = z.infer<typeof verifiedCertificate>;
export const verifyResponse = envelope({ data: verifiedCertificate });

/** POST /api/cer/preview: a sample certificate PDF of a template with a layout (the form's preview). */
export const certificatePreviewRequest = z.object({
  Path: cleanText().trim().min(1, 'required').max(300).describe('the template, as POST /uploadF or the certificate answered'),
  Layout: certificateLayout,
});

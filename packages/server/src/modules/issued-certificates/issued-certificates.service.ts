import { randomBytes } from 'node:crypto';
import { type CertificateLayout, DEFAULT_CERTIFICATE_LAYOUT } from '@oqu/contracts';
import { type Executor, jsonColumn } from '../../db/database.js';
import { AppError, conflict, notFound, unprocessable } from '../../errors.js';
import { dayIn } from '../../lib/calendar.js';
import { paged } from '../../lib/paging.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { storageKeyOf } from '../certificates/certificates.service.js';
import type { ReportCard } from '../exams/report-card.js';
import type { CertificatesForSigning } from '../signatures/signatures.service.js';
import { fillDocx } from './certificate.docx.js';
import { type CertificateFields, markRevoked, renderCertificate, type TemplateBackground } from './certificate.pdf.js';
import {
  maskIin,
  organisationOf,
  printedDate,
  toIssuedCertificate,
  toTraineeCertificate,
  toVerified,
} from './issued-certificates.presenter.js';
import type { IssuedCertificateRecord, IssuedCertificatesRepository } from './issued-certificates.repository.js';

export interface IssuedCertificatesSettings {
  /** ORG_NAME: who issued the certificates issued before the organisation was kept on them, and the preview's */
  organisation: string;
  /** ORG_DETAILS: the preview's (a certificate prints those its report card gave at issue) */
  organisationDetails: string;
  /** ORG_CODE: the numbers' prefix */
  orgCode: string;
  /** where people open the platform: the QR code points to `${publicUrl}/verify/{code}` */
  publicUrl: string;
  /** ORG_TIMEZONE: the day of issue and the year of the number are the organisation's */
  timeZone: string;
  /** CERTIFICATE_VALIDITY_MONTHS: a certificate is valid this many months from its day of issue; none: without a term */
  validityMonths?: number;
  now?: () => Date;
}

/** YYYY-MM-DD `months` later, on the same day of the month or the month's last when it has fewer days. */
export function monthsAfter(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 128 random bits as 26 lower-case base32 characters (RFC 4648 alphabet, no padding). */
export function verificationCode(): string {
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of randomBytes(16)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

const fileKey = (extension: string) => `issued/${randomBytes(16).toString('hex')}.${extension}`;
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** What the form's preview prints: a made-up holder. */
const SAMPLE = {
  fullname: 'Иванов Иван Иванович',
  iin: '900101300123',
  plan: 'Охрана труда',
  type: 'Первичная проверка знаний',
  exam: 'Проверка знаний',
  chair: 'Петров Пётр Петрович',
};
const SAMPLE_CODE = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Certificates issued to the trainees an exam accepts once every examiner has signed its report
 * card, and their public verification by code or printed number. Issuing happens inside the signing
 * transaction (the exam's lock) and copies onto the certificate everything it prints, so nothing
 * changed later changes it; the files are rendered when first downloaded and then kept, so the lock
 * is never held while PDFs are drawn. A revoked certificate's PDF goes out marked «ОТОЗВАН» (drawn
 * on the way out: the file kept stays the one issued, and the mark carries the day the row says).
 */
export class IssuedCertificatesService implements CertificatesForSigning {
  constructor(
    private readonly repository: IssuedCertificatesRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly settings: IssuedCertificatesSettings,
  ) {}

  private now() {
    return this.settings.now?.() ?? new Date();
  }

  private verifyUrl(code: string) {
    return `${this.settings.publicUrl.replace(/\/+$/, '')}/verify/${code}`;
  }

  /**
   * Gives each trainee the fully signed `card` accepts a certificate, unless they hold one of this
   * exam already. Numbers come as one block of the year, so the exam's certificates are consecutive.
   * `signedAt`, the last signature's moment, gives the day of issue (a card signed on the exam's day
   * gives certificates of that day, whenever the transaction runs).
   */
  async issue(card: ReportCard, trx: Executor, signedAt: Date = this.now()): Promise<void> {
    const holders = new Set(await this.repository.holdersOf(trx, card.exam.id));
    const due = card.regions.flatMap((r) => r.trainees).filter((t) => t.verdict === 'accepted' && !holders.has(t.id));
    if (due.length === 0) return;
    const exam = await this.repository.templateOfExam(trx, card.exam.id);
    const { timeZone, validityMonths } = this.settings;
    const day = dayIn(signedAt, timeZone);
    const year = Number(day.slice(0, 4));
    const last = await this.repository.allocateNumbers(trx, year, due.length);
    const docx = exam?.storage_key ? extensionOf(exam.storage_key) === 'docx' : false;
    await this.repository.insert(
      trx,
      due.map((trainee, i) => ({
        number: `${this.settings.orgCode}-${year}-${String(last - due.length + 1 + i).padStart(6, '0')}`,
        code: verificationCode(),
        user_id: trainee.id,
        exam_id: card.exam.id,
        plan_id: exam?.plan_id ?? null,
        template_id: exam?.template_id ?? null,
        holder_name: trainee.fullname,
        holder_iin: trainee.iin,
        plan_name: card.exam.plan,
        exam_type: card.exam.type,
        issued_on: day,
        exam_name: card.exam.name,
        exam_date: dayIn(card.exam.beginTime, timeZone),
        chair_name: card.chair?.fullname ?? null,
        organisation: card.organisation.name,
        organisation_details: card.organisation.details,
        valid_until: validityMonths ? monthsAfter(day, validityMonths) : null,
        pdf_key: fileKey('pdf'),
        docx_key: docx ? fileKey('docx') : null,
      })),
    );
  }

  async own(user: Pick<AuthUser, 'id'>) {
    return (await this.repository.ofUser(user.id)).map(toTraineeCertificate);
  }

  issued(query: { page: number; search?: string }) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query.search, limit, offset),
      (rows) => rows.map(toIssuedCertificate),
    );
  }

  /** Revokes for good: the certificate stays, its verification reads Valid false. 409 when revoked already. */
  async revoke(actor: Pick<AuthUser, 'id'>, id: number, reason: string) {
    const row = await this.repository.find(id);
    if (!row) throw notFound('issued_certificate_not_found');
    // a revocation that lost a race with another meets the same refusal
    if (row.revoked_at !== null || !(await this.repository.revoke(id, actor.id, reason, this.now()))) {
      throw conflict('issued_certificate_revoked_already');
    }
    await this.audit.record(actor.id, 'issued_certificate.revoke', id, { number: row.number, reason });
  }

  /**
   * Public: what the certificate of `key` (its code or its printed number) says. An unknown one is a
   * bare 404, telling nothing, whichever form it has.
   */
  async verify(key: string) {
    const row = await this.known(key);
    const today = dayIn(this.now(), this.settings.timeZone);
    return toVerified(row, await this.repository.signersOf(row.exam_id), this.settings.organisation, today);
  }

  /** Public: the certificate's PDF, rendered and kept at the first download; marked «ОТОЗВАН» once revoked. */
  async pdf(key: string): Promise<{ data: Buffer; name: string }> {
    const row = await this.known(key);
    const name = `${row.number}.pdf`;
    let data = await this.read(row.pdf_key);
    if (!data) {
      data = await this.renderIssued(row);
      await this.storage.put(row.pdf_key, data);
    }
    if (row.revoked_at === null) return { data, name };
    return { data: await markRevoked(data, this.revocationDay(row.revoked_at)), name };
  }

  /**
   * Public: the filled Word template, made and kept at the first download; 404 when the template is
   * not a DOCX, 410 once revoked (a Word file can be edited, so no mark would hold on it).
   */
  async docx(key: string): Promise<{ data: Buffer; name: string }> {
    const row = await this.known(key);
    if (row.revoked_at !== null) throw new AppError(410, 'issued_certificate_revoked', { date: this.revocationDay(row.revoked_at) });
    if (!row.docx_key) throw notFound('issued_certificate_no_docx');
    const name = `${row.number}.docx`;
    const kept = await this.read(row.docx_key);
    if (kept) return { data: kept, name };
    const template = row.template_id === null ? undefined : await this.repository.template(row.template_id);
    const source = template && extensionOf(template.storage_key) === 'docx' ? await this.read(template.storage_key) : null;
    if (!source) throw notFound('issued_certificate_no_docx');
    const data = await fillDocx(source, {
      Fullname: row.holder_name,
      Plan: row.plan_name,
      Date: printedDate(row.issued_on),
      Number: row.number,
    });
    await this.storage.put(row.docx_key, data);
    return { data, name };
  }

  /** A sample certificate of an uploaded template with `layout` (a DOCX template: a plain page with it). */
  async preview(path: string, layout: CertificateLayout): Promise<Buffer> {
    const upload = await this.repository.upload(storageKeyOf(path));
    const data = upload ? await this.read(upload.storage_key) : null;
    if (!upload || !data) throw unprocessable('certificate_file_unknown');
    const day = dayIn(this.now(), this.settings.timeZone);
    const { validityMonths } = this.settings;
    const fields: CertificateFields = {
      ...SAMPLE,
      iin: maskIin(SAMPLE.iin),
      date: printedDate(day),
      number: `${this.settings.orgCode}-${day.slice(0, 4)}-000123`,
      verifyUrl: this.verifyUrl(SAMPLE_CODE),
      organisation: this.settings.organisation,
      organisationDetails: this.settings.organisationDetails,
      examDate: printedDate(day),
      validUntil: validityMonths ? printedDate(monthsAfter(day, validityMonths)) : null,
    };
    try {
      return await renderCertificate(fields, layout, backgroundOf(upload.storage_key, data));
    } catch {
      // a damaged or encrypted PDF, a picture pdf-lib cannot read
      throw unprocessable('issued_certificate_template_unreadable');
    }
  }

  private async known(key: string): Promise<IssuedCertificateRecord> {
    const row = await this.repository.byCodeOrNumber(key);
    if (!row) throw notFound('issued_certificate_not_found');
    return row;
  }

  /** DD.MM.YYYY of the revocation, in ORG_TIMEZONE. */
  private revocationDay(revokedAt: Date | string) {
    return printedDate(dayIn(new Date(revokedAt), this.settings.timeZone));
  }

  /**
   * The certificate over its template as it is now, with the template's layout; the built-in design
   * beside a DOCX template, without one, or when the template cannot be read (the certificate must
   * still be downloadable). What it prints comes from the row, as it was at issue.
   */
  private async renderIssued(row: IssuedCertificateRecord): Promise<Buffer> {
    const fields: CertificateFields = {
      fullname: row.holder_name,
      iin: maskIin(row.holder_iin),
      plan: row.plan_name,
      type: row.exam_type,
      date: printedDate(row.issued_on),
      number: row.number,
      verifyUrl: this.verifyUrl(row.code),
      organisation: organisationOf(row, this.settings.organisation),
      organisationDetails: row.organisation_details ?? '',
      exam: row.exam_name,
      examDate: row.exam_date === null ? null : printedDate(row.exam_date),
      validUntil: row.valid_until === null ? null : printedDate(row.valid_until),
      chair: row.chair_name,
    };
    const template = row.template_id === null ? undefined : await this.repository.template(row.template_id);
    const data = template ? await this.read(template.storage_key) : null;
    const background = template && data ? backgroundOf(template.storage_key, data) : null;
    if (template && background) {
      try {
        return await renderCertificate(
          fields,
          template.layout === null ? DEFAULT_CERTIFICATE_LAYOUT : jsonColumn(template.layout),
          background,
        );
      } catch {
        // falls through to the plain page
      }
    }
    return renderCertificate(fields, DEFAULT_CERTIFICATE_LAYOUT, null);
  }

  private async read(key: string): Promise<Buffer | null> {
    const found = await this.storage.read(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** The background a template gives: its first page or its picture; none for a DOCX. */
function backgroundOf(storageKey: string, data: Buffer): TemplateBackground {
  const extension = extensionOf(storageKey);
  return extension === 'pdf' || extension === 'jpg' || extension === 'png' ? { kind: extension, data } : null;
}

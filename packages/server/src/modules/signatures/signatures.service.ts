import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EXAM_STATUS } from '@oqu/contracts';
import { type OpenedKey, signDetached } from '@oqu/contracts/signing';
import { type Executor, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/database.js';
import { badRequest, conflict, notFound, unprocessable } from '../../errors.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.service.js';
import type { ReportCard } from '../exams/report-card.js';
import { renderReportCard } from './report-card.pdf.js';
import { toExamSignature } from './signatures.presenter.js';
import type { SignatureRecord, SignaturesRepository } from './signatures.repository.js';
import type { SignerTrust } from './trust/signer-trust.js';

type Caller = Pick<AuthUser, 'id' | 'roleId'>;

/** What signing needs of the exams module (ExamsService provides it). */
export interface ExamsForSigning {
  /**
   * The card as it stands, read through `db` when given: signing reads it inside the transaction
   * that holds the exam's row, so no vote lands between the read and the signature's check.
   */
  reportCard(examId: number, db?: Executor): Promise<ReportCard>;
  /** Refuses (403/404) unless the caller is an examiner of this exam. */
  signingAccess(user: Caller, examId: number): Promise<void>;
  /** Refuses (403/404) unless the caller may read this exam's card: an administrator, or its examiner. */
  readAccess(user: Caller, examId: number): Promise<void>;
  /** Tells the exam's live room that this examiner signed (their votes are locked now). */
  announceSigned(examId: number, examinerId: number): Promise<void>;
}

/** What signing needs of the issued certificates module (IssuedCertificatesService provides it). */
export interface CertificatesForSigning {
  /** Issues certificates to the trainees the fully signed `card` accepts, inside the signing transaction `db`. */
  issue(card: ReportCard, db: Executor): Promise<void>;
}

/** The examiner signing now is the last of the card's examiners to sign. */
const completes = (card: ReportCard, signer: number) =>
  card.examiners.every((e) => e.id === signer || card.signatures.some((s) => s.examinerId === e.id));

export interface RenderedCard {
  pdf: Buffer;
  sha256: string;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const storageKey = (extension: string) => `signatures/${randomBytes(16).toString('hex')}.${extension}`;

/**
 * The report card PDF and its digital signatures. The browser signs the exact bytes GET reportcard
 * answered; POST sign re-renders the card under the exam's lock and verifies the signature over
 * those bytes, so a signature over a card that changed since (another examiner voted) is refused.
 * Each signature is stored with the PDF it covers: the card shows the signatures in its footer, so
 * the next examiner signs other bytes, and every stored pair verifies for good. A signature is
 * accepted only from a certificate the server trusts (SignerTrust: chain to an NCA RK authority,
 * not revoked), and is stored with that chain and the revocation evidence, to be re-verified offline.
 */
export class SignaturesService {
  constructor(
    private readonly repository: SignaturesRepository,
    private readonly exams: ExamsForSigning,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly trust: SignerTrust,
    private readonly certificates: CertificatesForSigning,
    private readonly options: { organisation: string; now?: () => Date },
  ) {}

  private render(card: ReportCard): Promise<Buffer> {
    return renderReportCard(card, this.options.organisation);
  }

  async reportCard(user: Caller, examId: number): Promise<RenderedCard> {
    await this.exams.readAccess(user, examId);
    const pdf = await this.render(await this.exams.reportCard(examId));
    return { pdf, sha256: sha256(pdf) };
  }

  async list(user: Caller, examId: number) {
    await this.exams.readAccess(user, examId);
    return (await this.repository.ofExam(examId)).map(toExamSignature);
  }

  /** One stored file of a signature: its .p7s or the PDF it covers. */
  async file(user: Caller, signatureId: number, which: 'signature' | 'pdf'): Promise<{ stream: Readable; size: number; name: string }> {
    const row = await this.repository.find(signatureId);
    if (!row) throw notFound('signature_not_found');
    await this.exams.readAccess(user, row.exam_id);
    const found = await this.storage.read(which === 'signature' ? row.signature_key : row.pdf_key);
    if (!found) throw notFound('signature_file_missing');
    const name = `report-card-${row.exam_id}-signature-${row.id}.${which === 'signature' ? 'p7s' : 'pdf'}`;
    return { ...found, name };
  }

  /**
   * Signs the current card on the server with a key it holds, through the same checks as a
   * browser's signature. Only the demo seed does this: people sign in their browsers, and their
   * keys never reach the server.
   */
  async signWithKey(user: AuthUser, examId: number, key: OpenedKey) {
    const { pdf } = await this.reportCard(user, examId);
    const der = await signDetached(new Uint8Array(pdf), key.privateKey, key.certificateDer, this.options.now?.());
    return this.sign(user, examId, Buffer.from(der).toString('base64'));
  }

  async sign(user: AuthUser, examId: number, signatureBase64: string) {
    await this.exams.signingAccess(user, examId);
    const der = Buffer.from(signatureBase64.replace(/\s+/g, ''), 'base64');
    if (der.length === 0) throw badRequest('signature_base64');
    const iin = await this.repository.iinOf(user.id);
    const now = this.options.now?.() ?? new Date();

    const keys = { signature: storageKey('p7s'), pdf: storageKey('pdf') };
    let stored = false;
    let row: SignatureRecord | null;
    try {
      row = await this.repository.withExamLocked(examId, async (trx) => {
        const card = await this.exams.reportCard(examId, trx);
        if (card.exam.status !== EXAM_STATUS.Finished) throw unprocessable('exam_not_finished');
        const pdf = await this.render(card);
        // bounded: OCSP and the GOST verifier answer within their timeouts while the row is held
        const verified = await this.trust.verify(der, pdf, now);
        if (verified.certificate.iin !== iin) throw unprocessable('signature_iin_mismatch');
        await this.storage.put(keys.signature, der);
        await this.storage.put(keys.pdf, pdf);
        stored = true;
        const { certificate } = verified;
        const signature = await this.repository.insert(trx, {
          exam_id: examId,
          examiner_id: user.id,
          signer_name: certificate.holder,
          signer_iin: certificate.iin,
          certificate_serial: certificate.serial,
          valid_from: certificate.validFrom,
          valid_to: certificate.validTo,
          signature_key: keys.signature,
          pdf_key: keys.pdf,
          pdf_sha256: sha256(pdf),
          signed_at: now,
          key_family: verified.keyFamily,
          issuer: verified.issuer,
          chain: JSON.stringify(verified.chain),
          revocation: JSON.stringify(verified.revocation),
          verified_at: now,
        });
        // the last signature makes the verdicts final: the trainees accepted get their certificates in
        // the same transaction, so a card is never fully signed without them
        if (completes(card, user.id)) await this.certificates.issue(await this.exams.reportCard(examId, trx), trx);
        return signature;
      });
    } catch (error) {
      // the transaction rolled back: the files it stored belong to nothing
      if (stored) await Promise.all([this.storage.remove(keys.signature), this.storage.remove(keys.pdf)]);
      // two requests of one examiner at once: the second meets the first's row
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict('exam_already_signed');
      throw error;
    }
    if (!row) throw notFound();
    await this.audit.record(user.id, 'exam.sign', examId, {
      signature: row.id,
      serial: row.certificate_serial,
      iin: row.signer_iin,
      keyFamily: row.key_family,
      issuer: row.issuer,
      pdfSha256: row.pdf_sha256,
    });
    await this.exams.announceSigned(examId, user.id);
    return toExamSignature(row);
  }
}

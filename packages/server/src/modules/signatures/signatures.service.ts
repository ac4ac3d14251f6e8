import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { EXAM_STATUS } from '@oqu/contracts';
import { type OpenedKey, signDetached } from '@oqu/contracts/signing';
import { zipSync } from 'fflate';
import { type Executor, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/database.js';
import { badRequest, conflict, notFound, unprocessable } from '../../errors.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { ReportCard } from '../exams/report-card.js';
import { renderReportCard } from './report-card.pdf.js';
import { toExamSignature } from './signatures.presenter.js';
import type { SignatureRecord, SignaturesRepository } from './signatures.repository.js';
import type { SignerTrust } from './trust/signer-trust.js';

type Caller = Pick<AuthUser, 'id' | 'roleId'>;

/** What signing needs of the exams module (ExamsService provides it). */
export interface ExamsForSigning {
  /**
   * The card as it stands (a completed exam's frozen record), read through `db` when given: signing
   * reads it inside the transaction that holds the exam's row, so no vote lands between the read and
   * the check.
   */
  reportCard(examId: number, db?: Executor): Promise<ReportCard>;
  /** The one document, once the first signature fixed it. */
  document(examId: number, db?: Executor): Promise<{ pdfKey: string; sha256: string } | undefined>;
  /** 422 naming who is undecided on whom, unless every examiner voted on every participant. */
  requireDecided(card: ReportCard): void;
  /** Fixes the document (its stored bytes) and writes each participant's verdict, in the signing transaction. */
  fixDocument(db: Executor, card: ReportCard, document: { pdfKey: string; sha256: string; at: Date }): Promise<void>;
  /**
   * Refuses (403/404/422/409) unless the caller is an examiner of this completed exam who has not
   * signed and passed its face check (none for `server-key`: the demo seed, nobody at a camera).
   */
  signingAccess(user: Caller, examId: number, signer?: 'person' | 'server-key'): Promise<void>;
  /** Refuses (403/404) unless the caller may read this exam's card: an administrator, or its examiner. */
  readAccess(user: Caller, examId: number): Promise<void>;
  /** Tells the exam's live room that this examiner signed (the votes are locked now). */
  announceSigned(examId: number, examinerId: number): Promise<void>;
}

/** What signing needs of the issued certificates module (IssuedCertificatesService provides it). */
export interface CertificatesForSigning {
  /** Issues certificates to the trainees the fully signed `card` accepts, inside the signing transaction `db`. */
  issue(card: ReportCard, db: Executor, signedAt: Date): Promise<void>;
}

/**
 * The card with the signature just stored on it: what reading it again in the signing transaction
 * would give, since the verdicts are the ones the document fixed and nothing else changed under the lock.
 */
const signedWith = (card: ReportCard, signature: SignatureRecord): ReportCard => ({
  ...card,
  signatures: [
    ...card.signatures,
    {
      examinerId: signature.examiner_id,
      signerName: signature.signer_name,
      iin: signature.signer_iin,
      serial: signature.certificate_serial,
      signedAt: new Date(signature.signed_at),
    },
  ],
});

/** Every examiner of the card has signed it. */
const fullySigned = (card: ReportCard) => card.examiners.every((e) => card.signatures.some((s) => s.examinerId === e.id));

export interface RenderedCard {
  pdf: Buffer;
  sha256: string;
}

/** The bytes examiners sign: the fixed document (`pdfKey`), else the card rendered now. */
interface Document extends RenderedCard {
  card: ReportCard;
  pdfKey: string | null;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const storageKey = (extension: string) => `signatures/${randomBytes(16).toString('hex')}.${extension}`;
/** A signer's name as a file name in the package: no path separators or control characters. */
const fileNamePart = (text: string) => text.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'signer';

/**
 * The report card and its digital signatures: one document, signed by all. Until the first signature
 * the card is rendered from the exam's state (a completed exam's frozen record); signing opens once
 * every examiner voted on every participant. The first signature fixes the document: its exact bytes
 * are stored, the verdicts written, and votes refused; GET reportcard answers those bytes from then
 * on, and every later examiner signs them, so every .p7s verifies against the one file. The marks of
 * who signed when are never in the signed bytes: the marked copy and the package carry them.
 * A signature is accepted only from a certificate the server trusts (SignerTrust: chain to an NCA RK
 * authority, not revoked), and is stored with that chain and the revocation evidence, to be
 * re-verified offline.
 */
export class SignaturesService {
  constructor(
    private readonly repository: SignaturesRepository,
    private readonly exams: ExamsForSigning,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly trust: SignerTrust,
    private readonly certificates: CertificatesForSigning,
  ) {}

  private async stored(key: string): Promise<Buffer> {
    const found = await this.storage.read(key);
    if (!found) throw notFound('signature_file_missing');
    return buffer(found.stream);
  }

  /** The bytes to sign now, with the card they show. */
  private async document(examId: number): Promise<Document> {
    const card = await this.exams.reportCard(examId);
    const fixed = await this.exams.document(examId);
    if (fixed) return { card, pdf: await this.stored(fixed.pdfKey), sha256: fixed.sha256, pdfKey: fixed.pdfKey };
    const pdf = await renderReportCard(card);
    return { card, pdf, sha256: sha256(pdf), pdfKey: null };
  }

  /** GET reportcard: the signed document once the first signature fixed it, else the card as it stands. */
  async reportCard(user: Caller, examId: number): Promise<RenderedCard> {
    await this.exams.readAccess(user, examId);
    const { pdf, sha256 } = await this.document(examId);
    return { pdf, sha256 };
  }

  /** «Копия с отметками о подписании»: the document's content with a page of the signatures' marks (422 before the first signature). */
  async markedCopy(user: Caller, examId: number): Promise<Buffer> {
    await this.exams.readAccess(user, examId);
    if (!(await this.exams.document(examId))) throw unprocessable('exam_document_not_signed');
    return this.marked(examId);
  }

  private async marked(examId: number): Promise<Buffer> {
    return renderReportCard(await this.exams.reportCard(examId), { marked: true });
  }

  /** A zip of the signed document, every signature over it (.p7s, named by signer) and the marked copy. */
  async signedPackage(user: Caller, examId: number): Promise<Buffer> {
    await this.exams.readAccess(user, examId);
    const fixed = await this.exams.document(examId);
    if (!fixed) throw unprocessable('exam_document_not_signed');
    const [pdf, marked, signatures] = await Promise.all([this.stored(fixed.pdfKey), this.marked(examId), this.repository.ofExam(examId)]);
    const files: Record<string, Uint8Array> = {
      [`report-card-${examId}.pdf`]: pdf,
      [`report-card-${examId}-marked-copy.pdf`]: marked,
    };
    for (const [index, signature] of signatures.entries()) {
      files[`report-card-${examId}.${index + 1}-${fileNamePart(signature.signer_name)}.p7s`] = await this.stored(signature.signature_key);
    }
    return Buffer.from(zipSync(files, { level: 6, mtime: ZIP_TIME }));
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
   * Signs the current document on the server with a key it holds, through the same checks as a
   * browser's signature, as of `at` (the signing time in the CMS and the signature's record). Only
   * the demo seed does this, to sign its exam of two days ago on that day: people sign in their
   * browsers, and their keys never reach the server.
   */
  async signWithKey(user: AuthUser, examId: number, key: OpenedKey, at = new Date()) {
    const { pdf } = await this.reportCard(user, examId);
    const der = await signDetached(new Uint8Array(pdf), key.privateKey, key.certificateDer, at);
    return this.signAt(user, examId, Buffer.from(der).toString('base64'), at, 'server-key');
  }

  /** POST sign: the caller's signature, as of now. */
  sign(user: AuthUser, examId: number, signatureBase64: string) {
    return this.signAt(user, examId, signatureBase64, new Date());
  }

  /**
   * Verifies the signature over the bytes to sign outside any transaction (chain building, OCSP and
   * GOST work take time), then under the exam's lock checks those bytes are still the ones to sign:
   * the fixed document, or, for the first signature, the card rendered again from the locked state
   * (a vote changed since: 422). The first signature stores the document and the verdicts; the last
   * issues the certificates from them. The card is read once under the lock; the audit entry is
   * written in the same transaction as the signature.
   */
  private async signAt(user: AuthUser, examId: number, signatureBase64: string, now: Date, signer: 'person' | 'server-key' = 'person') {
    await this.exams.signingAccess(user, examId, signer);
    const der = Buffer.from(signatureBase64.replace(/\s+/g, ''), 'base64');
    if (der.length === 0) throw badRequest('signature_base64');
    const iin = await this.repository.iinOf(user.id);

    const target = await this.document(examId);
    if (target.pdfKey === null) this.exams.requireDecided(target.card);
    // a signature dated before the exam's completion cannot be over its final record
    const completedAt = target.card.exam.completedAt ?? undefined;
    const verified = await this.trust.verify(der, target.pdf, now, { notBefore: completedAt });
    if (verified.certificate.iin !== iin) throw unprocessable('signature_iin_mismatch');

    const keys = { signature: storageKey('p7s'), pdf: target.pdfKey ?? storageKey('pdf') };
    const created: string[] = [];
    let row: SignatureRecord | null;
    try {
      await this.storage.put(keys.signature, der);
      created.push(keys.signature);
      row = await this.repository.withExamLocked(examId, async (trx) => {
        const card = await this.exams.reportCard(examId, trx);
        if (card.exam.status !== EXAM_STATUS.Finished) throw unprocessable('exam_not_finished');
        const fixed = await this.exams.document(examId, trx);
        if (fixed) {
          // another examiner fixed the document since this one was fetched: it must be what was signed
          if (fixed.sha256 !== target.sha256) throw unprocessable('signature_content_mismatch');
          keys.pdf = fixed.pdfKey;
        } else {
          this.exams.requireDecided(card);
          const pdf = await renderReportCard(card);
          if (sha256(pdf) !== target.sha256) throw unprocessable('signature_content_mismatch');
          await this.storage.put(keys.pdf, pdf);
          created.push(keys.pdf);
          await this.exams.fixDocument(trx, card, { pdfKey: keys.pdf, sha256: target.sha256, at: now });
        }
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
          pdf_sha256: target.sha256,
          signed_at: now,
          key_family: verified.keyFamily,
          issuer: verified.issuer,
          chain: JSON.stringify(verified.chain),
          revocation: JSON.stringify(verified.revocation),
          verified_at: now,
        });
        // the last signature issues the certificates from the verdicts the document fixed, in the same
        // transaction, so a card is never fully signed without them
        const signed = signedWith(card, signature);
        if (fullySigned(signed)) await this.certificates.issue(signed, trx, now);
        await this.audit.record(
          user.id,
          'exam.sign',
          examId,
          {
            signature: signature.id,
            serial: signature.certificate_serial,
            iin: signature.signer_iin,
            keyFamily: signature.key_family,
            issuer: signature.issuer,
            pdfSha256: signature.pdf_sha256,
          },
          trx,
        );
        return signature;
      });
    } catch (error) {
      // the transaction rolled back: the files it stored belong to nothing
      await Promise.all(created.map((key) => this.storage.remove(key)));
      // two requests of one examiner at once: the second meets the first's row
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict('exam_already_signed');
      throw error;
    }
    if (!row) throw notFound();
    await this.exams.announceSigned(examId, user.id);
    return toExamSignature(row);
  }
}

/** The package's entries carry one fixed time: the same signatures give the same zip. */
const ZIP_TIME = new Date('2000-01-01T00:00:00Z');

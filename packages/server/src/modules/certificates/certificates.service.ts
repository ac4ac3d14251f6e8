import { buffer } from 'node:stream/consumers';
import type { CertificateLayout, CertificateRequest, UpdateCertificateRequest } from '@oqu/contracts';
import { isReferenceViolation } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import { paged } from '../../lib/paging.js';
import { inspectZip, type ZipLimits, ZipRefused } from '../../lib/zip.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { fileUrl } from '../files/files.presenter.js';
import { EXTENSIONS, type Upload } from '../files/files.service.js';
import { toCertificate } from './certificates.presenter.js';
import type { CertificatesRepository } from './certificates.repository.js';

/** The storage key a `Path` names: `/files/certificates/….pdf` as POST /uploadF answered it, or the bare key. */
export function storageKeyOf(path: string): string {
  return path.trim().replace(/^\/?files\//, '');
}

/** What a Word template may hold once unpacked: text parts compress about tenfold, pictures barely. */
export const DOCX_LIMITS: ZipLimits = { maxEntries: 1000, maxEntryBytes: 100_000_000, maxTotalBytes: 200_000_000 };

async function checkDocx(storage: Storage, key: string): Promise<void> {
  // read back bounded: the upload rules keep a template within DOCUMENT_MAX_BYTES
  const stored = await storage.read(key);
  if (!stored) throw new Error(`${key} is gone`);
  try {
    await inspectZip(await buffer(stored.stream), DOCX_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefused) throw unprocessable('certificate_file_damaged');
    throw error;
  }
}

const layoutColumn = (layout: CertificateLayout | null) => (layout === null ? null : JSON.stringify(layout));

export class CertificatesService {
  constructor(
    private readonly repository: CertificatesRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
  ) {}

  list(query: { page: number; search?: string }) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query, limit, offset),
      (rows) => rows.map(toCertificate),
    );
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('certificate_not_found');
    return toCertificate(row);
  }

  /**
   * Records a certificate template checked and stored by FilesService as an upload of the caller, so
   * that only this file can later be named by a certificate; the upload route removes it when this
   * refuses. A DOCX is a zip archive: it is unpacked under DOCX_LIMITS first, so no recorded template
   * is a zip bomb.
   */
  async storeFile(actor: AuthUser, file: Upload) {
    if (EXTENSIONS[file.mime] === 'docx') await checkDocx(this.storage, file.key);
    await this.repository.insertUpload({
      storage_key: file.key,
      name: file.name,
      mime: file.mime,
      size: file.size,
      uploaded_by: actor.id,
    });
    return { Name: file.name, Path: fileUrl(file.key), Size: file.size };
  }

  async create(actor: AuthUser, body: CertificateRequest) {
    const upload = await this.uploaded(body.Path);
    const id = await this.repository.insert({
      name: body.Name,
      file_name: body.FileName,
      storage_key: upload.storage_key,
      layout: layoutColumn(body.Layout ?? null),
    });
    await this.audit.record(actor.id, 'certificate.create', id, { name: body.Name, file: upload.storage_key });
    return id;
  }

  /**
   * Renames the certificate, sets its layout when `Layout` is given (null: the default) and, when
   * `Path` names another uploaded file, replaces its file.
   */
  async update(actor: AuthUser, id: number, body: UpdateCertificateRequest) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('certificate_not_found');
    const key = body.Path === undefined ? current.storage_key : storageKeyOf(body.Path);
    const replaced = key !== current.storage_key;
    const upload = replaced ? await this.uploaded(key) : undefined;
    const fileName = body.FileName ?? (upload ? upload.name : current.file_name);
    await this.repository.update(id, {
      name: body.Name,
      file_name: fileName,
      storage_key: key,
      ...(body.Layout !== undefined && { layout: layoutColumn(body.Layout) }),
    });
    if (replaced) await this.removeIfUnused(current.storage_key);
    await this.audit.record(actor.id, 'certificate.update', id, { name: body.Name, ...(replaced ? { file: key } : {}) });
  }

  /** Deletes a certificate no plan names (409 otherwise), and its file when nothing else uses it. */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('certificate_not_found');
    const plans = await this.repository.planCount(id);
    if (plans > 0) throw conflict('certificate_in_use', { count: plans });
    try {
      await this.repository.delete(id);
    } catch (error) {
      if (!isReferenceViolation(error)) throw error;
      // a plan took it up meanwhile
      throw conflict('certificate_in_use', { count: await this.repository.planCount(id) });
    }
    await this.removeIfUnused(current.storage_key);
    await this.audit.record(actor.id, 'certificate.delete', id, { name: current.name });
  }

  /** The upload a `Path` names; anything else (another folder, a made-up key) is refused. */
  private async uploaded(path: string) {
    const upload = await this.repository.findUpload(storageKeyOf(path));
    if (!upload) throw unprocessable('certificate_file_unknown');
    return upload;
  }

  private async removeIfUnused(storageKey: string) {
    if (await this.repository.forgetUnusedUpload(storageKey)) await this.storage.remove(storageKey);
  }
}
